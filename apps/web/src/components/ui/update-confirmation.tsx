import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ConfirmModal } from './confirm-modal';

/** A game account that is sniping now, and the filters its run uses. */
export interface RunningAccount {
  email: string;
  filterIds: readonly string[];
}

const RunningAccountsContext = createContext<readonly RunningAccount[]>([]);

/** The snipe dashboard tells the forms inside it which accounts are running. */
export function RunningAccountsProvider({
  running,
  children,
}: {
  running: readonly RunningAccount[];
  children: ReactNode;
}) {
  return <RunningAccountsContext.Provider value={running}>{children}</RunningAccountsContext.Provider>;
}

/** What is about to change: a configuration group, or one saved filter. */
export type UpdateSubject =
  { kind: 'configuration'; name: string } | { kind: 'filter'; id: string; label: string };

interface Question {
  subject: UpdateSubject;
  affected: readonly string[];
  answer: (isConfirmed: boolean) => void;
}

const listOf = (emails: readonly string[]) =>
  emails.length <= 2
    ? emails.join(' and ')
    : `${emails.slice(0, 2).join(', ')} and ${emails.length - 2} more`;

/**
 * Update confirmations (spec 000 §2): before a change that a running account is using is saved,
 * the user is told which runs it touches and that they keep what they started with. Without a
 * running account concerned, `confirm` answers yes at once and nothing is shown.
 */
export function useUpdateConfirmation() {
  const running = useContext(RunningAccountsContext);
  const [question, setQuestion] = useState<Question | null>(null);
  const runningRef = useRef(running);
  runningRef.current = running;

  const confirm = useCallback((subject: UpdateSubject) => {
    const affected = runningRef.current
      .filter((account) => subject.kind === 'configuration' || account.filterIds.includes(subject.id))
      .map((account) => account.email);
    if (affected.length === 0) return Promise.resolve(true);
    return new Promise<boolean>((answer) => setQuestion({ subject, affected, answer }));
  }, []);

  const close = (isConfirmed: boolean) => {
    question?.answer(isConfirmed);
    setQuestion(null);
  };
  const subject = question?.subject;
  const dialog = question && subject && (
    <ConfirmModal
      isOpen
      title={
        subject.kind === 'filter' ? 'Update a running filter?' : 'Update the configuration while sniping?'
      }
      confirmLabel="Save anyway"
      onConfirm={() => close(true)}
      onClose={() => close(false)}
    >
      <p>
        {subject.kind === 'filter'
          ? `${listOf(question.affected)} ${question.affected.length === 1 ? 'is' : 'are'} sniping with ${subject.label}.`
          : `${listOf(question.affected)} ${question.affected.length === 1 ? 'is' : 'are'} sniping now.`}
      </p>
      <p className="mt-2">
        {subject.kind === 'filter'
          ? 'A running snipe keeps the version it started with: the change applies from its next start.'
          : `Running snipes keep the ${subject.name} they started with: the change applies from their next start.`}
      </p>
    </ConfirmModal>
  );
  // Portalled to the body: the forms asking sit in collapsible sections and modals, whose stacking
  // would let the page's later sections cover the question.
  return { confirm, dialog: dialog ? createPortal(dialog, document.body) : null };
}
