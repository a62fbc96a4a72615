/** S5: what the person reads when a call that may run twice is sent once more. */
export function retriedText(label: string): string {
  return `${label} was running when the browser stopped; it runs once more, as its plugin says that is safe.`;
}
