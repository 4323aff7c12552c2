import { WRONG_ADDRESS_CODE } from "../../../shared/auth-messages";
import { ApiError } from "../../lib/api-client";

/**
 * The server refused the request because this page was opened at another
 * address than the portal's configured one: its message says which to open,
 * and is shown as it is instead of a misleading "wrong password".
 */
export function isWrongAddress(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === WRONG_ADDRESS_CODE;
}
