/** The annotation view's tools, their icons and keys (key codes, so any keyboard layout works). */
export type Tool = 'pen' | 'tick' | 'cross' | 'circle' | 'text' | 'move';

export const TOOLS: readonly { id: Tool; icon: string; key: string; code: string }[] = [
  { id: 'pen', icon: 'pi pi-pencil', key: 'P', code: 'KeyP' },
  { id: 'tick', icon: 'pi pi-check', key: 'V', code: 'KeyV' },
  { id: 'cross', icon: 'pi pi-times', key: 'X', code: 'KeyX' },
  { id: 'circle', icon: 'pi pi-circle', key: 'O', code: 'KeyO' },
  { id: 'text', icon: 'pi pi-comment', key: 'T', code: 'KeyT' },
  { id: 'move', icon: 'pi pi-arrows-alt', key: 'H', code: 'KeyH' },
];

export const toolForKey = (code: string): Tool | undefined => TOOLS.find((tool) => tool.code === code)?.id;

/** A few colours that stand out on paper and on each other (each ≥ 4.5:1 against white). */
export const COLORS = [
  { id: 'red', value: '#d32f2f' },
  { id: 'blue', value: '#1565c0' },
  { id: 'green', value: '#2e7d32' },
  { id: 'black', value: '#000000' },
] as const;
