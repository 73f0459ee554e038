import { installPushHandlers, type PushWorkerScope } from './push-worker';

// dist/push-sw.js: run by the service worker (importScripts), where `self` is its global scope.
installPushHandlers(self as unknown as PushWorkerScope);
