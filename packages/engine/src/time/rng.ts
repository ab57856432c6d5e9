/** The seeded random source lives in the domain (the solver uses it too). */
export { seededRng } from '@tradedesk/domain';
