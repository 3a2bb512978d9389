// The write scenarios: each a method, a path and a body that differs on every request (a tag
// name or an article title numbered within one run), so no two requests write the same value.

export interface WriteScenario {
  id: 'create-tag' | 'update-article';
  label: string;
  method: 'POST' | 'PUT';
  path: string;
  /** The body of the `n`th request of the run named `run`. */
  body(run: string, n: number): string;
}

/** The article the update scenario rewrites: the fixture's first (English, published). */
export const UPDATED_ARTICLE_ID = 1;

export const WRITE_SCENARIOS: readonly WriteScenario[] = [
  {
    id: 'create-tag',
    label: 'create a tag',
    method: 'POST',
    path: '/api/tags',
    body: (run, n) => JSON.stringify({ data: { name: `${run}-${n}` } }),
  },
  {
    id: 'update-article',
    label: 'update an article title',
    method: 'PUT',
    path: `/api/articles/${UPDATED_ARTICLE_ID}`,
    body: (run, n) => JSON.stringify({ data: { title: `${run}-${n}` } }),
  },
];
