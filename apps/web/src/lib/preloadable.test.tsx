import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function Host({ part, wanted = true }: { part: ReturnType<typeof preloadable<{ name: string }>>; wanted?: boolean }) {
  const { Component, failed, retry } = part.useComponent(wanted);
  if (Component) return <Component name="Olia" />;
  if (failed) return <button onClick={retry}>retry</button>;
  return <p>loading</p>;
}

describe('preloadable', () => {
  it('renders a preloaded component in the first render, without a loading state', async () => {
    const part = preloadable(() => Promise.resolve(Hello));
    await part.preload();
    render(<Host part={part} />);
    expect(screen.getByText('Hello Olia')).toBeInTheDocument();
  });

  it('loads only when wanted, shows the loading state meanwhile, and loads once', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const part = preloadable(load);
    const { rerender } = render(<Host part={part} wanted={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Host part={part} wanted />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Olia')).toBeInTheDocument();
    await part.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('reports a chunk that could not be fetched and fetches again on retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello);
    const part = preloadable(load);
    render(<Host part={part} />);
    const retry = await screen.findByRole('button', { name: 'retry' });
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByText('Hello Olia')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
