/**
 * The desk's URL parameters: the view (`?view=team`), the Awaiting reply
 * filter within Mine and Team (`&awaiting=1`) and the artist's room a row opens.
 */
export const VIEW_PARAM = "view";
export const AWAITING_PARAM = "awaiting";
export const ROOM_PARAM = "room";
