// Pages are not exported here: the app loads each one lazily from its own module.
export { SignOutButton } from './components/sign-out-button';
