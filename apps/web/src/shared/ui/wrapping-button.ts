import classes from './wrapping-button.module.css';

/** A button's classNames for a label that wraps on a phone instead of being cut off. */
export const wrappingButton = { root: classes.root, label: classes.label };
