// The decompiler's version-neutral instruction set. Normalisation
// (normalise.cpp) maps each version's bytecode onto it, so that everything
// after it (CFG, stack simulation, structuring) has one vocabulary:
//   - operator encodings unified (BINARY_ADD / BINARY_OP 0, COMPARE_OP arg
//     layouts, IS_OP / CONTAINS_OP / ≤3.8 compare kinds),
//   - fused or split instructions expanded (3.13 LOAD_FAST_LOAD_FAST,
//     RETURN_CONST, FORMAT_SIMPLE, CALL_KW, 3.11 PRECALL, KW_NAMES),
//   - prologue bookkeeping dropped (RESUME, MAKE_CELL, COPY_FREE_VARS,
//     RETURN_GENERATOR, GEN_START, NOP, EXTENDED_ARG, CACHE, TO_BOOL),
//   - jump targets as instruction indexes, and the protecting exception
//     handler of every instruction, from the 3.11+ exception table or from
//     the ≤3.10 SETUP_* / POP_BLOCK block stack.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "code/code_object.hpp"

namespace depyf::ir {

enum class Op : std::uint8_t {
  // Stack shuffles. Copy n / Swap n as in 3.11+; Rotate n moves the top item
  // down to position n (ROT_TWO = Rotate 2, ROT_THREE = Rotate 3 ...).
  PopTop,
  Copy,
  Swap,
  Rotate,
  PushNull,

  // Loads and stores; `name` holds the resolved name, arg the raw index.
  LoadConst,  // arg: index into co_consts, or past its end into Function::implicit_consts
  // 3.14+ LOAD_COMMON_CONSTANT of an object with no literal (AssertionError
  // aside, which stays LoadAssertionError): arg its index, name its builtin name.
  LoadCommonConstant,
  LoadName,
  LoadGlobal,  // arg2 = 1 when a NULL is pushed too (3.11+)
  LoadFast,
  LoadFastCheck,
  LoadFastAndClear,
  LoadDeref,
  LoadClassDeref,
  LoadClosure,
  LoadFromDictOrDeref,
  LoadFromDictOrGlobals,
  LoadLocals,
  LoadBuildClass,
  LoadAssertionError,
  StoreName,
  StoreGlobal,
  StoreFast,
  StoreDeref,
  DeleteName,
  DeleteGlobal,
  DeleteFast,
  DeleteDeref,
  LoadAttr,    // plain attribute
  LoadMethod,  // attribute for a call: pushes the method slot and a self/NULL slot
  LoadSuperAttr,  // 3.12+: arg2 bit 0 = method form, bit 1 = two-argument super()
  StoreAttr,
  DeleteAttr,
  BinarySubscr,
  StoreSubscr,
  DeleteSubscr,
  BinarySlice,  // 3.12+
  StoreSlice,   // 3.12+

  // Operators.
  UnaryNegative,
  UnaryPositive,
  UnaryInvert,
  UnaryNot,
  BinaryOp,  // arg: BinaryOperator, arg2: 1 for the in-place form
  Compare,   // arg: CompareOperator

  // Building and unpacking.
  BuildTuple,
  BuildList,
  BuildSet,
  BuildMap,
  BuildConstKeyMap,
  BuildString,
  BuildSlice,
  BuildUnpack,  // 3.8: BUILD_*_UNPACK family; arg: count, arg2: UnpackBuildKind
  ListAppend,
  SetAdd,
  MapAdd,
  ListExtend,
  SetUpdate,
  DictUpdate,
  DictMerge,
  ListToTuple,
  UnpackSequence,
  UnpackEx,
  BuildInterpolation,  // 3.14+ t-strings: arg as the bytecode's (conversion << 2, bit 0: a format spec is on the stack)
  BuildTemplate,       // 3.14+ t-strings: [strings tuple, interpolations tuple] -> Template
  FormatValue,   // arg: conversion (0 none, 1 str, 2 repr, 3 ascii); arg2: 1 when a format spec is on the stack
  ConvertValue,  // 3.13: applies a conversion to the top value ahead of FormatValue (arg as above)

  // Calls and functions.
  Call,  // arg: argument count; arg2: keyword names (see below); extra: callable slots (1 or 2)
  CallFunctionEx,  // arg: 1 when a **kwargs mapping is on the stack; extra: callable slots
  CallIntrinsic1,
  CallIntrinsic2,
  MakeFunction,          // arg: attribute flags (≤3.12), 0 in 3.13; extra: 1 when a qualname is on the stack (≤3.10)
  SetFunctionAttribute,  // 3.13: arg flag
  ImportName,
  ImportFrom,
  ImportStar,

  // Iteration, generators, coroutines.
  GetIter,
  GetYieldFromIter,
  GetAIter,
  GetANext,
  GetAwaitable,
  ForIter,  // target: the exhausted exit, where the iterator is already popped (3.12+ END_FOR folded in)
  EndFor,
  EndAsyncFor,
  YieldValue,
  YieldFrom,  // ≤3.10
  Send,       // 3.11+, target
  EndSend,
  CleanupThrow,

  // Control flow.
  ReturnValue,
  RaiseVarargs,
  Reraise,
  Jump,
  PopJumpIfFalse,
  PopJumpIfTrue,
  PopJumpIfNone,
  PopJumpIfNotNone,
  JumpIfFalseOrPop,
  JumpIfTrueOrPop,

  // Exception handling. ≤3.10 block setup stays visible as markers (the
  // handler ranges are computed from them); 3.8's finally subroutines too.
  SetupFinally,
  SetupWith,
  SetupAsyncWith,
  PopBlock,
  PopExcept,
  PushExcInfo,
  CheckExcMatch,       // 3.11+: [exc, type] -> [exc, bool]
  JumpIfNotExcMatch,   // 3.9/3.10: pops [exc, type], jumps to target when no match
  CheckEgMatch,
  PrepReraiseStar,
  WithExceptStart,
  BeforeWith,       // arg2: 1 when the exit takes two slots (3.14+ LOAD_SPECIAL: __exit__ and its self)
  BeforeAsyncWith,  // arg2 as BeforeWith
  BeginFinally,       // 3.8
  CallFinally,        // 3.8
  PopFinally,         // 3.8
  EndFinally,         // 3.8
  WithCleanupStart,   // 3.8
  WithCleanupFinish,  // 3.8

  // Pattern matching and the rest.
  GetLen,
  MatchClass,
  MatchMapping,
  MatchSequence,
  MatchKeys,
  CopyDictWithoutKeys,
  SetupAnnotations,
  PrintExpr,
  Nop,  // left where normalisation folded an instruction into another (send loops)
};

enum class BinaryOperator : std::uint8_t {
  Add, And, FloorDivide, LeftShift, MatrixMultiply, Multiply, Remainder, Or, Power, RightShift, Subtract,
  TrueDivide, Xor,
};

enum class CompareOperator : std::uint8_t { Lt, Le, Eq, Ne, Gt, Ge, In, NotIn, Is, IsNot, ExceptionMatch };

// arg2 of Call: where keyword-argument names come from.
inline constexpr int kNoKwNames = -1;      // positional only
inline constexpr int kKwNamesOnStack = -2;  // a tuple constant pushed last (≤3.10 CALL_FUNCTION_KW, 3.13 CALL_KW)
// Otherwise arg2 >= 0 is the co_consts index of the names tuple (3.11/3.12 KW_NAMES).

enum class UnpackBuildKind : std::uint8_t { Tuple, TupleWithCall, List, Set, Map, MapWithCall };

struct Instr {
  Op op = Op::PopTop;
  int arg = 0;
  int arg2 = 0;
  int extra = 0;
  std::string name;  // resolved name for name/local/free/attribute ops
  int target = -1;   // instruction index for jumps, ForIter, Send, Setup*
  int offset = 0;    // byte offset of the originating bytecode instruction
  int line = 0;      // source line, 0 when unknown
  int handler = -1;  // instruction index of the innermost protecting exception handler
  int handler_depth = 0;    // stack depth the handler unwinds to (3.11+; computed for ≤3.10)
  bool handler_lasti = false;  // handler also receives the offset of the raising instruction (3.11+)
  // 3.11+: some exception table entry covers it, cleanup-only handlers
  // included (those are see-through in `handler`).
  bool in_exception_table = false;
  // Line of a NOP dropped just before this instruction (0: none). The
  // compiler keeps a NOP only for a line with no other code: a statement
  // that compiled to nothing else (3.11+ such as the unwinding of a
  // `return` that then runs a finally body's copy).
  int nop_line = 0;
  // A jump whose bytecode target is a NOP the IR dropped (`target` is the
  // instruction after it). 3.10+ start a `while True:` body with a NOP of
  // the while line: a written `continue` jumps to it, the body's end past it.
  bool target_is_nop = false;
};

struct Function {
  const CodeObject* code = nullptr;
  std::vector<Instr> instrs;
  // For each 2-byte code unit, the first instruction emitted at or after it
  // (instrs.size() past the end): maps bytecode offsets into the IR.
  std::vector<int> index_at_unit;
  // Constants an instruction loads without a co_consts entry (3.14+
  // LOAD_SMALL_INT, 3.15+ LOAD_COMMON_CONSTANT None/''/True/False/-1): a
  // LoadConst arg of co_consts.size() + k means implicit_consts[k].
  std::vector<ConstantPtr> implicit_consts;

  // The constant a LoadConst arg names; null when out of range.
  ConstantPtr constant(int arg) const {
    const int count = int(code->consts.size());
    if (arg >= 0 && arg < count) return code->consts[arg];
    if (arg >= count && arg - count < int(implicit_consts.size())) return implicit_consts[arg - count];
    return nullptr;
  }

  int index_at_offset(int offset) const {
    const int unit = offset / 2;
    if (unit < 0) return 0;
    if (unit >= int(index_at_unit.size())) return int(instrs.size());
    return index_at_unit[unit];
  }
};

const char* op_name(Op op);

// Classes of ops several stages ask about.
inline bool is_name_store(Op op) {
  return op == Op::StoreFast || op == Op::StoreName || op == Op::StoreDeref || op == Op::StoreGlobal;
}
inline bool is_name_delete(Op op) {
  return op == Op::DeleteFast || op == Op::DeleteName || op == Op::DeleteDeref || op == Op::DeleteGlobal;
}
inline bool is_conditional_jump(Op op) {
  return op == Op::PopJumpIfFalse || op == Op::PopJumpIfTrue || op == Op::PopJumpIfNone || op == Op::PopJumpIfNotNone;
}

// Throws depyf::Error for bytecode it cannot map (unknown opcode, a jump
// into the middle of nowhere, inconsistent block setup).
Function normalise(const CodeObject& code);

}  // namespace depyf::ir
