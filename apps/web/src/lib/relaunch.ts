type Relaunch = (path: string) => void;

// Until the router registers itself (and in code outside React), a hash change does the job.
let relaunchImpl: Relaunch = (path) => window.location.replace(`#${path}`);

/** The router registers how to open a page while dropping the history (uni-app's reLaunch). */
export function setRelaunch(relaunch: Relaunch): void {
  relaunchImpl = relaunch;
}

export function relaunch(path: string): void {
  relaunchImpl(path);
}
