import type { NestedCategory } from '@portal/contract';

/** The category tree as choices of a select, each named by its path ("Batteries › Laptop"). */
export function categoryOptions(
  tree: NestedCategory[] | undefined,
): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  const walk = (nodes: NestedCategory[], path: string[]) => {
    for (const node of nodes) {
      const names = [...path, node.name];
      options.push({ value: node._id, label: names.join(' › ') });
      walk(node.children, names);
    }
  };
  walk(tree ?? [], []);
  return options;
}
