#include "ir/opcode_rules.hpp"

#include <map>
#include <mutex>
#include <string_view>
#include <utility>

namespace depyf::ir {

namespace {

using namespace std::string_view_literals;

// Opcodes that are one IR op with the bytecode arg passed through.
const std::map<std::string_view, Op>& simple_ops() {
  static const std::map<std::string_view, Op> ops = {
      {"POP_TOP", Op::PopTop}, {"COPY", Op::Copy}, {"SWAP", Op::Swap}, {"ROT_N", Op::Rotate},
      {"PUSH_NULL", Op::PushNull}, {"LOAD_CONST", Op::LoadConst}, {"LOAD_NAME", Op::LoadName},
      {"LOAD_FAST", Op::LoadFast}, {"LOAD_FAST_BORROW", Op::LoadFast}, {"LOAD_FAST_CHECK", Op::LoadFastCheck},
      {"LOAD_FAST_AND_CLEAR", Op::LoadFastAndClear}, {"LOAD_DEREF", Op::LoadDeref},
      {"LOAD_CLASSDEREF", Op::LoadClassDeref}, {"LOAD_CLOSURE", Op::LoadClosure},
      {"LOAD_FROM_DICT_OR_DEREF", Op::LoadFromDictOrDeref}, {"LOAD_FROM_DICT_OR_GLOBALS", Op::LoadFromDictOrGlobals},
      {"LOAD_LOCALS", Op::LoadLocals}, {"LOAD_BUILD_CLASS", Op::LoadBuildClass},
      {"LOAD_ASSERTION_ERROR", Op::LoadAssertionError}, {"STORE_NAME", Op::StoreName},
      {"STORE_GLOBAL", Op::StoreGlobal}, {"STORE_FAST", Op::StoreFast}, {"STORE_FAST_MAYBE_NULL", Op::StoreFast},
      {"STORE_DEREF", Op::StoreDeref}, {"DELETE_NAME", Op::DeleteName}, {"DELETE_GLOBAL", Op::DeleteGlobal},
      {"DELETE_FAST", Op::DeleteFast}, {"DELETE_DEREF", Op::DeleteDeref}, {"LOAD_METHOD", Op::LoadMethod},
      {"STORE_ATTR", Op::StoreAttr}, {"DELETE_ATTR", Op::DeleteAttr}, {"BINARY_SUBSCR", Op::BinarySubscr},
      {"STORE_SUBSCR", Op::StoreSubscr}, {"DELETE_SUBSCR", Op::DeleteSubscr}, {"BINARY_SLICE", Op::BinarySlice},
      {"STORE_SLICE", Op::StoreSlice}, {"UNARY_NEGATIVE", Op::UnaryNegative},
      {"UNARY_POSITIVE", Op::UnaryPositive}, {"UNARY_INVERT", Op::UnaryInvert}, {"UNARY_NOT", Op::UnaryNot},
      {"BUILD_TUPLE", Op::BuildTuple}, {"BUILD_LIST", Op::BuildList}, {"BUILD_SET", Op::BuildSet},
      {"BUILD_MAP", Op::BuildMap}, {"BUILD_CONST_KEY_MAP", Op::BuildConstKeyMap},
      {"BUILD_STRING", Op::BuildString}, {"BUILD_SLICE", Op::BuildSlice}, {"LIST_APPEND", Op::ListAppend},
      {"SET_ADD", Op::SetAdd}, {"MAP_ADD", Op::MapAdd}, {"LIST_EXTEND", Op::ListExtend},
      {"SET_UPDATE", Op::SetUpdate}, {"DICT_UPDATE", Op::DictUpdate}, {"DICT_MERGE", Op::DictMerge},
      {"LIST_TO_TUPLE", Op::ListToTuple}, {"UNPACK_SEQUENCE", Op::UnpackSequence}, {"UNPACK_EX", Op::UnpackEx},
      {"CONVERT_VALUE", Op::ConvertValue}, {"CALL_INTRINSIC_1", Op::CallIntrinsic1},
      {"CALL_INTRINSIC_2", Op::CallIntrinsic2}, {"SET_FUNCTION_ATTRIBUTE", Op::SetFunctionAttribute},
{"IMPORT_FROM", Op::ImportFrom}, {"IMPORT_STAR", Op::ImportStar},
{"GET_YIELD_FROM_ITER", Op::GetYieldFromIter}, {"GET_AITER", Op::GetAIter},
      {"GET_ANEXT", Op::GetANext}, {"GET_AWAITABLE", Op::GetAwaitable},
      {"YIELD_VALUE", Op::YieldValue}, {"YIELD_FROM", Op::YieldFrom}, {"SEND", Op::Send},
      {"END_SEND", Op::EndSend}, {"CLEANUP_THROW", Op::CleanupThrow}, {"RETURN_VALUE", Op::ReturnValue},
      {"RAISE_VARARGS", Op::RaiseVarargs}, {"RERAISE", Op::Reraise}, {"JUMP_FORWARD", Op::Jump},
      {"JUMP_ABSOLUTE", Op::Jump}, {"JUMP_BACKWARD", Op::Jump}, {"JUMP_BACKWARD_NO_INTERRUPT", Op::Jump},
      {"POP_JUMP_IF_FALSE", Op::PopJumpIfFalse}, {"POP_JUMP_FORWARD_IF_FALSE", Op::PopJumpIfFalse},
      {"POP_JUMP_BACKWARD_IF_FALSE", Op::PopJumpIfFalse}, {"POP_JUMP_IF_TRUE", Op::PopJumpIfTrue},
      {"POP_JUMP_FORWARD_IF_TRUE", Op::PopJumpIfTrue}, {"POP_JUMP_BACKWARD_IF_TRUE", Op::PopJumpIfTrue},
      {"POP_JUMP_IF_NONE", Op::PopJumpIfNone}, {"POP_JUMP_FORWARD_IF_NONE", Op::PopJumpIfNone},
      {"POP_JUMP_BACKWARD_IF_NONE", Op::PopJumpIfNone}, {"POP_JUMP_IF_NOT_NONE", Op::PopJumpIfNotNone},
      {"POP_JUMP_FORWARD_IF_NOT_NONE", Op::PopJumpIfNotNone}, {"POP_JUMP_BACKWARD_IF_NOT_NONE", Op::PopJumpIfNotNone},
      {"JUMP_IF_FALSE_OR_POP", Op::JumpIfFalseOrPop}, {"JUMP_IF_TRUE_OR_POP", Op::JumpIfTrueOrPop},
      {"SETUP_FINALLY", Op::SetupFinally}, {"SETUP_WITH", Op::SetupWith}, {"SETUP_ASYNC_WITH", Op::SetupAsyncWith},
      {"POP_BLOCK", Op::PopBlock}, {"POP_EXCEPT", Op::PopExcept}, {"PUSH_EXC_INFO", Op::PushExcInfo},
      {"CHECK_EXC_MATCH", Op::CheckExcMatch}, {"JUMP_IF_NOT_EXC_MATCH", Op::JumpIfNotExcMatch},
      {"CHECK_EG_MATCH", Op::CheckEgMatch}, {"PREP_RERAISE_STAR", Op::PrepReraiseStar},
      {"WITH_EXCEPT_START", Op::WithExceptStart}, {"BEFORE_WITH", Op::BeforeWith},
      {"BEFORE_ASYNC_WITH", Op::BeforeAsyncWith}, {"BEGIN_FINALLY", Op::BeginFinally},
      {"CALL_FINALLY", Op::CallFinally}, {"POP_FINALLY", Op::PopFinally}, {"END_FINALLY", Op::EndFinally},
      {"WITH_CLEANUP_START", Op::WithCleanupStart}, {"WITH_CLEANUP_FINISH", Op::WithCleanupFinish},
      {"GET_LEN", Op::GetLen}, {"MATCH_CLASS", Op::MatchClass}, {"MATCH_MAPPING", Op::MatchMapping},
      {"MATCH_SEQUENCE", Op::MatchSequence}, {"MATCH_KEYS", Op::MatchKeys},
      {"COPY_DICT_WITHOUT_KEYS", Op::CopyDictWithoutKeys}, {"SETUP_ANNOTATIONS", Op::SetupAnnotations},
      {"PRINT_EXPR", Op::PrintExpr}, {"BUILD_INTERPOLATION", Op::BuildInterpolation},
      {"BUILD_TEMPLATE", Op::BuildTemplate},
  };
  return ops;
}

// Legacy operator opcodes (≤3.10), in BinaryOperator order.
constexpr std::pair<std::string_view, BinaryOperator> kLegacyOperators[] = {
    {"ADD", BinaryOperator::Add},
    {"AND", BinaryOperator::And},
    {"FLOOR_DIVIDE", BinaryOperator::FloorDivide},
    {"LSHIFT", BinaryOperator::LeftShift},
    {"MATRIX_MULTIPLY", BinaryOperator::MatrixMultiply},
    {"MULTIPLY", BinaryOperator::Multiply},
    {"MODULO", BinaryOperator::Remainder},
    {"OR", BinaryOperator::Or},
    {"POWER", BinaryOperator::Power},
    {"RSHIFT", BinaryOperator::RightShift},
    {"SUBTRACT", BinaryOperator::Subtract},
    {"TRUE_DIVIDE", BinaryOperator::TrueDivide},
    {"XOR", BinaryOperator::Xor},
};

Rule special(RuleKind kind, Op op = Op::PopTop, int fixed_arg = 0, int fixed_arg2 = 0) {
  return Rule{kind, op, fixed_arg, fixed_arg2};
}

Rule classify(std::string_view name) {
  static const std::map<std::string_view, Rule> specials = {
      {"NOP", special(RuleKind::Drop)},
      {"RESUME", special(RuleKind::Drop)},
      {"CACHE", special(RuleKind::Drop)},
      {"EXTENDED_ARG", special(RuleKind::Drop)},
      {"MAKE_CELL", special(RuleKind::Drop)},
      {"COPY_FREE_VARS", special(RuleKind::Drop)},
      {"GEN_START", special(RuleKind::Drop)},
      {"PRECALL", special(RuleKind::Drop)},
      {"TO_BOOL", special(RuleKind::Drop)},
      {"NOT_TAKEN", special(RuleKind::Drop)},
      {"ASYNC_GEN_WRAP", special(RuleKind::Drop)},
      {"RETURN_GENERATOR", special(RuleKind::ReturnGenerator)},
      {"ROT_TWO", special(RuleKind::Fixed, Op::Rotate, 2)},
      {"ROT_THREE", special(RuleKind::Fixed, Op::Rotate, 3)},
      {"ROT_FOUR", special(RuleKind::Fixed, Op::Rotate, 4)},
      {"DUP_TOP", special(RuleKind::Fixed, Op::Copy, 1)},
      {"DUP_TOP_TWO", special(RuleKind::DupTopTwo)},
      {"BINARY_OP", special(RuleKind::BinaryOpArg, Op::BinaryOp)},
      {"COMPARE_OP", special(RuleKind::CompareOp, Op::Compare)},
      {"IS_OP", special(RuleKind::IsOp, Op::Compare)},
      {"CONTAINS_OP", special(RuleKind::ContainsOp, Op::Compare)},
      {"LOAD_GLOBAL", special(RuleKind::LoadGlobal, Op::LoadGlobal)},
      {"LOAD_ATTR", special(RuleKind::LoadAttr, Op::LoadAttr)},
      {"LOAD_SUPER_ATTR", special(RuleKind::LoadSuperAttr, Op::LoadSuperAttr)},
      {"RETURN_CONST", special(RuleKind::ReturnConst)},
      {"KW_NAMES", special(RuleKind::KwNames)},
      {"CALL_FUNCTION", special(RuleKind::CallLegacy, Op::Call, 1, kNoKwNames)},
      {"CALL_METHOD", special(RuleKind::CallLegacy, Op::Call, 2, kNoKwNames)},
      {"CALL_FUNCTION_KW", special(RuleKind::CallLegacy, Op::Call, 1, kKwNamesOnStack)},
      {"CALL", special(RuleKind::Call, Op::Call, 2, kNoKwNames)},
      {"CALL_KW", special(RuleKind::Call, Op::Call, 2, kKwNamesOnStack)},
      {"CALL_FUNCTION_EX", special(RuleKind::CallFunctionEx, Op::CallFunctionEx)},
      {"MAKE_FUNCTION", special(RuleKind::MakeFunction, Op::MakeFunction)},
      {"FORMAT_VALUE", special(RuleKind::FormatValue, Op::FormatValue)},
      {"FORMAT_SIMPLE", special(RuleKind::FormatSimple, Op::FormatValue)},
      {"FORMAT_WITH_SPEC", special(RuleKind::FormatWithSpec, Op::FormatValue)},
      {"BUILD_TUPLE_UNPACK", special(RuleKind::BuildUnpack, Op::BuildUnpack, 0, int(UnpackBuildKind::Tuple))},
      {"BUILD_TUPLE_UNPACK_WITH_CALL",
       special(RuleKind::BuildUnpack, Op::BuildUnpack, 0, int(UnpackBuildKind::TupleWithCall))},
      {"BUILD_LIST_UNPACK", special(RuleKind::BuildUnpack, Op::BuildUnpack, 0, int(UnpackBuildKind::List))},
      {"BUILD_SET_UNPACK", special(RuleKind::BuildUnpack, Op::BuildUnpack, 0, int(UnpackBuildKind::Set))},
      {"BUILD_MAP_UNPACK", special(RuleKind::BuildUnpack, Op::BuildUnpack, 0, int(UnpackBuildKind::Map))},
      {"BUILD_MAP_UNPACK_WITH_CALL",
       special(RuleKind::BuildUnpack, Op::BuildUnpack, 0, int(UnpackBuildKind::MapWithCall))},
      {"LOAD_FAST_LOAD_FAST", special(RuleKind::LoadFastLoadFast)},
      {"STORE_FAST_LOAD_FAST", special(RuleKind::StoreFastLoadFast)},
      {"STORE_FAST_STORE_FAST", special(RuleKind::StoreFastStoreFast)},
      {"FOR_ITER", special(RuleKind::ForIter, Op::ForIter)},
      {"END_FOR", special(RuleKind::EndFor, Op::EndFor)},
      {"POP_ITER", special(RuleKind::PopIter, Op::PopTop)},
      {"END_ASYNC_FOR", special(RuleKind::EndAsyncFor, Op::EndAsyncFor)},
      {"LOAD_FAST_BORROW_LOAD_FAST_BORROW", special(RuleKind::LoadFastLoadFast)},
      {"LOAD_SMALL_INT", special(RuleKind::LoadSmallInt, Op::LoadConst)},
      {"LOAD_COMMON_CONSTANT", special(RuleKind::LoadCommonConstant, Op::LoadConst)},
      {"LOAD_SPECIAL", special(RuleKind::LoadSpecial)},
      {"GET_ITER", special(RuleKind::GetIter, Op::GetIter)},
      {"IMPORT_NAME", special(RuleKind::ImportName, Op::ImportName)},
  };
  if (auto it = specials.find(name); it != specials.end()) return it->second;
  if (auto it = simple_ops().find(name); it != simple_ops().end()) return special(RuleKind::Simple, it->second);
  for (const auto& [suffix, op] : kLegacyOperators) {
    if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix) {
      const std::string_view prefix = name.substr(0, name.size() - suffix.size());
      if (prefix == "BINARY_"sv) return special(RuleKind::BinaryOp, Op::BinaryOp, int(op), 0);
      if (prefix == "INPLACE_"sv) return special(RuleKind::BinaryOp, Op::BinaryOp, int(op), 1);
    }
  }
  return Rule{};
}

RuleTable build_rules(const OpcodeTable& table) {
  RuleTable rules{};
  for (int op = 0; op < 256; ++op) {
    if (table.ops[op].name != nullptr) rules[op] = classify(table.ops[op].name);
  }
  return rules;
}

}  // namespace

const RuleTable& rules_for(const OpcodeTable& table) {
  // One table per supported minor version, built on first use.
  static std::array<RuleTable, 16> cache;
  static std::array<std::once_flag, 16> built;
  const int slot = table.version.minor & 15;
  std::call_once(built[slot], [&] { cache[slot] = build_rules(table); });
  return cache[slot];
}

}  // namespace depyf::ir
