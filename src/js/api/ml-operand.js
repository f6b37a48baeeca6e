import { operandInternals } from './internals.js';
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

  static {
    Object.assign(operandInternals, {
      isOperand: (v) => operands.has(v),
      builderOf: (operand) => operand.#builder,
      idOf: (operand) => operand.#id,
    });
  }
}

defineInterface(MLOperand, 'MLOperand');
export { INTERNAL };
