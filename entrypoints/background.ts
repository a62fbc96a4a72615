export default defineBackground(() => {
  // Wired in src/background; kept thin on purpose.
});
