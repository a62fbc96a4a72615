import { Component, h, type ComponentType, type FunctionComponent } from 'preact';

function differs(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key in left) if (left[key] !== right[key]) return true;
  for (const key in right) if (!(key in left)) return true;
  return false;
}

/**
 * A component that re-renders only when a prop changes identity (a tiny `memo`, without
 * pulling preact/compat into the panel). Thread items keep their identity between views,
 * so a streamed delta re-renders one item, not the thread.
 */
export function pure<P extends object>(render: FunctionComponent<P>): ComponentType<P> {
  class Pure extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return differs(this.props, next);
    }
    override render() {
      return h(render, this.props);
    }
  }
  return Pure;
}
