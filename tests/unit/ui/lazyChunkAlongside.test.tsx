// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyChunk, setChunkLoadPolicy } from '../../../src/ui/lazyChunk';

/*
 * A page chunk waits for the policy's `alongside` load (src/app/main.tsx: the translations not bundled
 * with the app) unless it is made `alone` (the login page; issue 7 "initial JS for the login route").
 */

afterEach(() => {
  setChunkLoadPolicy({ timeoutMs: null, onError: null });
});

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function Page() {
  return <p>The page</p>;
}

/** A policy without time-out whose `alongside` load is `alongside`, counting its calls. */
function policyWith(
  alongside: () => Promise<unknown>,
  onError: ((error: Error) => void) | null = null,
) {
  const calls = { count: 0 };
  setChunkLoadPolicy({
    timeoutMs: null,
    onError,
    alongside: () => {
      calls.count += 1;
      return alongside();
    },
  });
  return calls;
}

function show(Component: React.ComponentType) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Component />
    </Suspense>,
  );
}

describe('lazyChunk with an alongside load', () => {
  it('shows the page only once both its chunk and the alongside load are in', async () => {
    const chunk = deferred<typeof Page>();
    const translations = deferred<undefined>();
    const alongside = policyWith(() => translations.promise);
    show(lazyChunk(() => chunk.promise));
    await act(async () => {
      chunk.resolve(Page);
      await chunk.promise;
    });
    expect(screen.getByText('Loading')).toBeVisible();
    await act(async () => {
      translations.resolve(undefined);
      await translations.promise;
    });
    expect(await screen.findByText('The page')).toBeVisible();
    expect(alongside.count).toBe(1);
  });

  it('does not wait for, nor start, the alongside load for a chunk made alone', async () => {
    const alongside = policyWith(() => new Promise<never>(() => undefined));
    show(lazyChunk(() => Promise.resolve(Page), { alone: true }));
    expect(await screen.findByText('The page')).toBeVisible();
    expect(alongside.count).toBe(0);
  });

  it('reports a failed alongside load as a chunk load error', async () => {
    const errors: string[] = [];
    policyWith(
      () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      (error) => errors.push(error.message),
    );
    show(lazyChunk(() => Promise.resolve(Page)));
    await act(async () => {
      await Promise.resolve();
    });
    expect(errors).toEqual(['Failed to fetch dynamically imported module']);
    expect(screen.getByText('Loading')).toBeVisible();
  });

  it('shows the page only once its `needs` load is in too', async () => {
    const needed = deferred<undefined>();
    show(lazyChunk(() => Promise.resolve(Page), { alone: true, needs: () => needed.promise }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('Loading')).toBeVisible();
    await act(async () => {
      needed.resolve(undefined);
      await needed.promise;
    });
    expect(await screen.findByText('The page')).toBeVisible();
  });

  it('reports a failed `needs` load as a chunk load error', async () => {
    const errors: string[] = [];
    policyWith(
      () => Promise.resolve(),
      (error) => errors.push(error.message),
    );
    show(
      lazyChunk(() => Promise.resolve(Page), {
        needs: () => Promise.reject(new Error('epics chunk missing')),
      }),
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(errors).toEqual(['epics chunk missing']);
    expect(screen.getByText('Loading')).toBeVisible();
  });
});
