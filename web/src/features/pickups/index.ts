export { CurbsideSlot } from './components/curbside-slot';
