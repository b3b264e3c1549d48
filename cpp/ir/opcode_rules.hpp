// How each bytecode opcode maps onto the IR, decided once per version from
// the opcode's name (names are stable across versions where semantics are,
// which is what lets one rule table serve 3.8-3.13).
#pragma once

#include <array>

#include "ir/ir.hpp"
#include "opcodes/opcode_table.hpp"

namespace depyf::ir {

enum class RuleKind : std::uint8_t {
  Unknown,     // not an opcode we know how to read: an error if reached
  Drop,        // bookkeeping with no source meaning (RESUME, NOP, PRECALL, ...)
  Simple,      // one IR op; arg copied (or `fixed_arg` when set)
  Fixed,       // one IR op with a fixed arg (ROT_TWO -> Rotate 2)
  BinaryOp,    // legacy BINARY_*/INPLACE_*: operator fixed, in-place flag fixed
  BinaryOpArg, // 3.11+ BINARY_OP: operator from arg
  CompareOp,   // COMPARE_OP in its version's encoding
  IsOp,
  ContainsOp,
  DupTopTwo,
  LoadGlobal,
  LoadAttr,
  LoadSuperAttr,
  ReturnConst,
  KwNames,
  CallLegacy,       // CALL_FUNCTION / CALL_METHOD / CALL_FUNCTION_KW
  Call,             // 3.11+ CALL, 3.13 CALL_KW
  CallFunctionEx,
  MakeFunction,
  FormatValue,      // ≤3.12 FORMAT_VALUE flags
  FormatSimple,     // 3.13
  FormatWithSpec,   // 3.13
  BuildUnpack,      // 3.8 BUILD_*_UNPACK*
  LoadFastLoadFast,     // 3.13
  StoreFastLoadFast,    // 3.13
  StoreFastStoreFast,   // 3.13
  ReturnGenerator,      // 3.11+: dropped with the POP_TOP after it
  ForIter,
  EndFor,
  PopIter,             // 3.14+ POP_ITER (3.15: the iterator takes two slots)
  LoadSmallInt,        // 3.14+: the value is the arg
  LoadCommonConstant,  // 3.14+: one of the version's common constants
  LoadSpecial,         // 3.14+: only inside the with prologue it is folded into
  EndAsyncFor,         // its 3.14+ jump argument only says where the loop began
  GetIter,             // 3.15: arg 3 is GET_YIELD_FROM_ITER
  ImportName,          // 3.15: flags in the low two bits
};

struct Rule {
  RuleKind kind = RuleKind::Unknown;
  Op op = Op::PopTop;
  int fixed_arg = 0;
  int fixed_arg2 = 0;
};

using RuleTable = std::array<Rule, 256>;

// Rules indexed by (deoptimised) opcode number for a version.
const RuleTable& rules_for(const OpcodeTable& table);

}  // namespace depyf::ir
