/**
 * One address per site for the mirror. WordPress answers its REST API under two roots: the
 * pretty `…/wp-json/` and `…/index.php?rest_route=/`, which works whatever the permalink
 * setting. A page that loads the REST settings names the first, others fall back to the
 * second, so one site reached the mirror under both and showed as two sites. Both forms
 * become the `?rest_route=` one (it always answers); any other root (a custom REST prefix)
 * is kept as it is.
 */
export function normalSiteRoot(root: string): string {
  let url: URL;
  try {
    url = new URL(root);
  } catch {
    return root;
  }
  const pretty = /^(.*\/)wp-json\/?$/.exec(url.pathname);
  if (pretty && url.search === '' && url.hash === '') {
    return `${url.origin}${pretty[1]}index.php?rest_route=/`;
  }
  const route = url.searchParams.get('rest_route');
  const plain = /^(.*\/)(index\.php)?$/.exec(url.pathname);
  if (plain && (route === '/' || route === '') && [...url.searchParams.keys()].length === 1) {
    return `${url.origin}${plain[1]}index.php?rest_route=/`;
  }
  return root;
}
