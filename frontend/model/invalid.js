// An op the rules refuse, naming the field at fault: thrown by the ops (ops.js) and the regions they carry
// (region.js), and shown by the editor.

export class InvalidOp extends Error {
  /** @param {string} field the offending field, e.g. ops[2].cells[5].gid @param {string} message */
  constructor(field, message) {
    super(message);
    this.field = field;
  }

  within(prefix) {
    return new InvalidOp(`${prefix}.${this.field}`, this.message);
  }
}
