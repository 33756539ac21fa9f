/** The session feature's components for the shell (spec application-behaviour §4 Session). */
export { InactivityWarning } from './InactivityWarning';
