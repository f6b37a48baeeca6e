import { INTERNAL, checkInternal, defineInterface } from './webidl-class.js';

const operands = new WeakSet();

export class MLOperand {
  #builder;
  #id;
  #dataType;
  #shape;

  constructor(token, builder, id, desc) {
    checkInternal(token);
    this.#builder = builder;
    this.#id = id;
    this.#dataType = desc.dataType;
    this.#shape = Object.freeze([...desc.shape]);
    operands.add(this);
  }

  get dataType() {
    return this.#dataType;
  }

  get shape() {
    return this.#shape;
  }

  static isOperand(v) {
    return operands.has(v);
  }

  static builderOf(operand) {
    return operand.#builder;
  }

  static idOf(operand) {
    return operand.#id;
  }
}

defineInterface(MLOperand, 'MLOperand');
export { INTERNAL };
