/** /admin itself: the applications tab with no details open (the parent renders the table). */
export default function NoApplicationOpen() {
  return null;
}
