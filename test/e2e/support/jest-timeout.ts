/** Browser tests: the first of a run may wait for the production build (1–2 minutes), so 5 minutes per test and hook. */
jest.setTimeout(300_000);
