import styles from './field.module.css';

// The controls' looks on their own, for pages that style a control without a Field around it (the collection's
// sort and filters): a few bytes that ride with the first load, where field.tsx would be a request of its own.
export const inputClass = styles.input;
/** E-mail addresses, phone numbers and passwords read left to right in every language. */
export const ltrInputClass = `${styles.input} ${styles.ltr}`;
export const selectClass = `${styles.input} ${styles.select}`;
export const checkboxClass = styles.checkbox;
export const selectWrapClass = styles.selectWrap;
export const selectIconClass = styles.selectIcon;
