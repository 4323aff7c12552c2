/** The desk's URL parameters: the view (`?view=team`) and the artist's room a row opens. */
export const VIEW_PARAM = "view";
export const ROOM_PARAM = "room";
