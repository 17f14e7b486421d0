/**
 * The answers of the xAPI resources that are not a success: the status and a plain reason (xAPI
 * clients read the status; the reason names the property and the rule, in English like the spec
 * the activity providers' developers read).
 */
export class XapiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class XapiBadRequest extends XapiError {
  constructor(message: string) {
    super(400, message);
  }
}
