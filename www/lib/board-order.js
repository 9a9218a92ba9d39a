// The order every list of boards is shown in, in one place for every view: the breaker's
// (`Survivor`'s order in the engine) and the CLI's, so a list on the page reads as the CLI
// prints it and a list cut at a limit keeps the same boards whichever worker sent them first.

/**
 * Boards best first, then alphabetical.
 * @param {{board: string, score: number}} a
 * @param {{board: string, score: number}} b
 */
export const byScore = (a, b) => b.score - a.score || (a.board < b.board ? -1 : a.board > b.board ? 1 : 0);
