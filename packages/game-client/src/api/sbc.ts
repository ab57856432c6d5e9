import { z } from 'zod';
import type { GameCaller } from '../game-http.js';
import { parseInput } from '../input.js';
import { emptyAnswerSchema } from '../schemas/items.js';
import {
  challengesAnswerSchema,
  chemistryProfilesAnswerSchema,
  setsAnswerSchema,
  squadAnswerSchema,
  submitAnswerSchema,
  type SbcSquad,
} from '../schemas/sbc.js';

const id = z.number().int().positive();
/** The web app always saves 23 slots (11 starters + 12 substitutes / reserves). */
export const squadSlots = 23;

const squadSchema = z
  .array(z.number().int().nonnegative())
  .max(squadSlots, `A squad has at most ${squadSlots} slots`);

/** Squad-building challenges: browse, start, fill, save and submit. */
export function createSbcApi(call: GameCaller) {
  const chemistryVersion = async (): Promise<number> => {
    const answer = await call({
      method: 'GET',
      path: 'chemistry/profiles',
      schema: chemistryProfilesAnswerSchema,
    });
    return answer.version;
  };

  return {
    /** GET `sbs/sets`: categories with their sets. */
    async sets() {
      return (await call({ method: 'GET', path: 'sbs/sets', schema: setsAnswerSchema })).categories;
    },

    /** GET `sbs/setId/{setId}/challenges`. */
    async challenges(setId: number) {
      const valid = parseInput(id, setId, 'set id');
      const answer = await call({
        method: 'GET',
        path: `sbs/setId/${valid}/challenges`,
        schema: challengesAnswerSchema,
      });
      return answer.challenges;
    },

    /** POST `sbs/challenge/{challengeId}`: starts the challenge and returns its squad. */
    async start(challengeId: number): Promise<SbcSquad> {
      const valid = parseInput(id, challengeId, 'challenge id');
      return call({ method: 'POST', path: `sbs/challenge/${valid}`, schema: squadAnswerSchema });
    },

    /** GET `sbs/challenge/{challengeId}/squad`. */
    async squad(challengeId: number): Promise<SbcSquad> {
      const valid = parseInput(id, challengeId, 'challenge id');
      return call({ method: 'GET', path: `sbs/challenge/${valid}/squad`, schema: squadAnswerSchema });
    },

    /**
     * PUT `sbs/challenge/{challengeId}/squad`. `itemIds[i]` goes to slot i (0 = empty);
     * missing slots up to 23 are sent empty, as the web app does.
     */
    async saveSquad(challengeId: number, itemIds: number[]): Promise<void> {
      const validId = parseInput(id, challengeId, 'challenge id');
      const slots = parseInput(squadSchema, itemIds, 'squad');
      const players = Array.from({ length: squadSlots }, (_, index) => ({
        index,
        itemData: { id: slots[index] ?? 0, dream: false },
      }));
      await call({
        method: 'PUT',
        path: `sbs/challenge/${validId}/squad`,
        body: { players },
        schema: emptyAnswerSchema,
      });
    },

    /** GET `chemistry/profiles`: the version the submit call must name. */
    chemistryVersion,

    /** PUT `sbs/challenge/{id}?skipUserSquadValidation=true&chemistryProfilesVersion=N`: submits the saved squad. */
    async submit(challengeId: number, options: { chemistryProfilesVersion?: number } = {}) {
      const valid = parseInput(id, challengeId, 'challenge id');
      const version = options.chemistryProfilesVersion ?? (await chemistryVersion());
      const answer = await call({
        method: 'PUT',
        path: `sbs/challenge/${valid}`,
        query: { skipUserSquadValidation: true, chemistryProfilesVersion: version },
        schema: submitAnswerSchema,
      });
      return { awards: answer.grantedChallengeAwards };
    },
  };
}

export type SbcApi = ReturnType<typeof createSbcApi>;
