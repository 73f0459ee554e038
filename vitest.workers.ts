import { availableParallelism } from 'node:os';

/**
 * Every project's `maxWorkers`. vitest resolves it per project: a value in the root config is not
 * inherited, and a project without one gets vitest's default of cores - 1, which is one worker on
 * the 2-core CI machine, where every file then ran in a row (452 s for the unit step against 321 s
 * with two). Projects run side by side only when their counts agree, so they all take this one.
 * Three workers on two cores were no faster (331 s): the cores are busy with two.
 */
export const maxWorkers = Math.max(2, availableParallelism() - 1);
