// The limits and checks the edges use (the command line's flags, `play`'s prompts, `serve`'s server), handed on
// from the floors below, where each is defined once (src/rules/limits.ts; the dice's own in src/dice/limits.ts):
// the command line and serve stand on the library and import nothing below it (test/api/layers.test.ts).
export {
  LIMITS,
  SERVE,
  count,
  echo,
  echoPath,
  enteredDiceProblem,
  nameProblem,
  occupiedProblem,
  roughly,
} from '../rules/limits.js';
export { D64_PROMPT_HINT, d64FromD8, isD66, physicalDieHint } from '../dice/expression.js';
