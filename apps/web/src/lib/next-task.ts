/** Resolves in a task of its own: what follows runs after the browser has had its turn (input, paint). */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
