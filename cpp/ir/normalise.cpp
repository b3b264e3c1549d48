#include <algorithm>
#include <string>
#include <string_view>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"
#include "ir/exception_regions.hpp"
#include "ir/ir.hpp"
#include "ir/ir_idioms.hpp"
#include "ir/iterator_slot_pairs.hpp"
#include "ir/opcode_rules.hpp"

namespace depyf::ir {

namespace {

// cmp_op order of 3.9+ (≤3.8 continues with in, not in, is, is not, exception match).
constexpr CompareOperator kCompareOperators[] = {
    CompareOperator::Lt, CompareOperator::Le, CompareOperator::Eq,    CompareOperator::Ne,
    CompareOperator::Gt, CompareOperator::Ge, CompareOperator::In,    CompareOperator::NotIn,
    CompareOperator::Is, CompareOperator::IsNot, CompareOperator::ExceptionMatch,
};

// LOAD_COMMON_CONSTANT's table (3.14: the first five; 3.15 adds the rest),
// as Lib/opcode.py's _common_constants lists it. Entries from 7 on have a
// literal and load as constants; 0 is LOAD_ASSERTION_ERROR's old job.
constexpr std::string_view kCommonConstantNames[] = {
    "AssertionError", "NotImplementedError", "tuple", "all", "any", "list", "set",
};
constexpr int kFirstLiteralCommonConstant = 7;

ConstantPtr common_literal_constant(int index) {
  switch (index) {
    case 7: return Constant::make_none();
    case 8: return Constant::make_str("");
    case 9: return Constant::make_bool(true);
    case 10: return Constant::make_bool(false);
    case 11: return Constant::make_int("-1");
    default: return nullptr;
  }
}

class Normaliser {
 public:
  explicit Normaliser(const CodeObject& code)
      : code_(code), table_(opcode_table(code.version)), rules_(rules_for(table_)) {}

  Function run() {
    const std::vector<Instruction> decoded = decode_instructions(code_);
    pairs_ = find_iterator_slot_pairs(code_, decoded);
    kept_nops_ = find_protected_break_nops(code_, decoded);
    assign_lines(decoded);
    first_ir_at_or_after_.assign(code_.code.size() / 2 + 1, -1);
    nop_at_unit_.assign(code_.code.size() / 2 + 1, 0);
    result_.instrs.reserve(decoded.size() + decoded.size() / 4);
    for (std::size_t i = 0; i < decoded.size(); ++i) {
      source_ = &decoded[i];
      const int before = static_cast<int>(result_.instrs.size());
      translate(decoded, i);
      mark_offset(source_->offset, before);
    }
    result_.code = &code_;
    resolve_jump_targets();
    if (code_.version.minor >= 14) {
      unthread_bool_operator_jumps(result_);
      fold_inlined_builtin_calls(result_);
    }
    fold_send_loops();
    assign_exception_handlers(result_);
    if (code_.version.minor >= 14) {
      protect_folded_nops(result_);
      protect_late_conditional_jumps(result_, code_.version.minor);
    }
    return std::move(result_);
  }

 private:
  // Line of every code unit, from co_lines() (0 where there is none).
  void assign_lines(const std::vector<Instruction>&) {
    lines_.assign(code_.code.size() / 2 + 1, 0);
    for (const LineRange& range : line_ranges(code_)) {
      for (int offset = std::max(range.start, 0); offset < range.end && offset / 2 < int(lines_.size()); offset += 2) {
        lines_[offset / 2] = range.line.value_or(0);
      }
    }
  }

  // IR instructions emitted for the bytecode at `offset` start at `index`;
  // dropped instructions resolve to whatever comes next.
  void mark_offset(int offset, int index) {
    const int unit = offset / 2;
    if (unit >= 0 && unit < int(first_ir_at_or_after_.size()) && first_ir_at_or_after_[unit] < 0) {
      first_ir_at_or_after_[unit] = index;
    }
  }

  Instr& emit(Op op, int arg = 0, int arg2 = 0) {
    Instr instr;
    instr.op = op;
    instr.arg = arg;
    instr.arg2 = arg2;
    instr.offset = source_->offset;
    instr.line = lines_[source_->offset / 2];
    instr.nop_line = pending_nop_line_;
    pending_nop_line_ = 0;
    if (source_->jump_target) {
      // A byte offset until resolve_jump_targets(); corrupt arguments can
      // point before the code.
      if (*source_->jump_target < 0) throw_bad("jump target " + std::to_string(*source_->jump_target));
      instr.target = *source_->jump_target;
    }
    result_.instrs.push_back(std::move(instr));
    return result_.instrs.back();
  }

  const std::string& name_at(int index) {
    if (index < 0 || index >= int(code_.names.size())) throw_bad("name index " + std::to_string(index));
    return code_.names[index];
  }

  // Local and cell/free slots: one table from 3.11 on; before that LOAD_FAST
  // indexes co_varnames and the *_DEREF family indexes cellvars + freevars.
  const std::string& local_at(int index) {
    if (code_.version.minor >= 11 || !is_deref_family()) {
      const auto& names = code_.version.minor >= 11 ? code_.localsplus_names : code_.varnames;
      if (index < 0 || index >= int(names.size())) throw_bad("local index " + std::to_string(index));
      return names[index];
    }
    const int cells = int(code_.cellvars.size());
    if (index >= 0 && index < cells) return code_.cellvars[index];
    if (index >= cells && index < cells + int(code_.freevars.size())) return code_.freevars[index - cells];
    throw_bad("cell index " + std::to_string(index));
  }

  bool is_deref_family() const {
    const OpcodeInfo& info = table_.info(source_->base_opcode);
    return info.arg_kind == ArgKind::Free;
  }

  [[noreturn]] void throw_bad(const std::string& what) const {
    throw Error(std::string("invalid ") + what + " in " + source_->base_opname() + " at offset " +
                std::to_string(source_->offset) + " of " + code_.name);
  }

  int arg() const { return source_->arg.value_or(0); }

  // The next decoded instruction after decoded[i], caches and EXTENDED_ARG
  // skipped (decoded.size() when there is none).
  static std::size_t next_real(const std::vector<Instruction>& decoded, std::size_t i) {
    std::size_t next = i + 1;
    while (next < decoded.size() && (std::string_view(decoded[next].base_opname()) == "CACHE" ||
                                     std::string_view(decoded[next].base_opname()) == "EXTENDED_ARG"))
      ++next;
    return next;
  }

  // A LoadConst of a constant that has no co_consts entry: its index past
  // co_consts into Function::implicit_consts (one entry per value).
  void emit_implicit_constant(const ConstantPtr& constant) {
    auto& implicit = result_.implicit_consts;
    int k = 0;
    while (k < int(implicit.size()) &&
           !(implicit[k]->kind == constant->kind && implicit[k]->text == constant->text &&
             implicit[k]->boolean == constant->boolean))
      ++k;
    if (k == int(implicit.size())) implicit.push_back(constant);
    emit(Op::LoadConst, int(code_.consts.size()) + k);
  }

  // 3.14+ open a with by hand where BEFORE_WITH did it before:
  //   COPY 1; LOAD_SPECIAL __exit__; SWAP 2; SWAP 3; LOAD_SPECIAL __enter__; CALL 0
  // (async: __aexit__ / __aenter__), leaving [__exit__, self, entered value]:
  // one BeforeWith whose exit takes two slots (arg2 = 1).
  bool fold_with_prologue(const std::vector<Instruction>& decoded, std::size_t& i) {
    if (code_.version.minor < 14 || arg() != 1) return false;
    std::size_t at[6] = {i};
    for (int k = 1; k < 6; ++k) at[k] = next_real(decoded, at[k - 1]);
    if (at[5] >= decoded.size()) return false;
    auto is = [&](int k, std::string_view name, int value) {
      return std::string_view(decoded[at[k]].base_opname()) == name && decoded[at[k]].arg.value_or(0) == value;
    };
    const bool sync = is(1, "LOAD_SPECIAL", 1) && is(4, "LOAD_SPECIAL", 0);
    const bool async = is(1, "LOAD_SPECIAL", 3) && is(4, "LOAD_SPECIAL", 2);
    if (!(sync || async) || !is(2, "SWAP", 2) || !is(3, "SWAP", 3) || !is(5, "CALL", 0)) return false;
    const int index = int(result_.instrs.size());
    emit(sync ? Op::BeforeWith : Op::BeforeAsyncWith, 0, 1);
    for (int k = 1; k < 6; ++k) mark_offset(decoded[at[k]].offset, index);
    i = at[5];
    return true;
  }

  void name_operand(Instr& instr, int index) {
    const ArgKind kind = table_.info(source_->base_opcode).arg_kind;
    if (kind == ArgKind::Name) instr.name = name_at(index);
    if (kind == ArgKind::Local || kind == ArgKind::Free) instr.name = local_at(index);
  }

  // Whether the instruction after decoded[i] (caches and EXTENDED_ARG aside) tests the
  // value or negates it: what a TO_BOOL is for.
  static bool tested_after(const std::vector<Instruction>& decoded, std::size_t i) {
    std::size_t next = i + 1;
    while (next < decoded.size() && (std::string_view(decoded[next].base_opname()) == "CACHE" ||
                                     std::string_view(decoded[next].base_opname()) == "EXTENDED_ARG"))
      ++next;
    if (next >= decoded.size()) return false;
    const std::string_view name = decoded[next].base_opname();
    return name == "POP_JUMP_IF_FALSE" || name == "POP_JUMP_IF_TRUE" || name == "UNARY_NOT";
  }

  void translate(const std::vector<Instruction>& decoded, std::size_t& i) {
    const Rule& rule = rules_[source_->base_opcode & 0xff];
    // 3.15: an iterator's second slot has no IR counterpart.
    if (!pairs_.drops.empty() && pairs_.drops[i]) return;
    const int a = !pairs_.args.empty() && pairs_.args[i] >= 0 ? pairs_.args[i] : arg();
    if (rule.kind == RuleKind::Simple && rule.op == Op::Copy && fold_with_prologue(decoded, i)) return;
    switch (rule.kind) {
      case RuleKind::Unknown:
        throw Error(std::string("unsupported opcode ") + source_->base_opname() + " at offset " +
                    std::to_string(source_->offset) + " of " + code_.name);
      case RuleKind::Drop:
        if (std::string_view(source_->base_opname()) == "NOP" && !kept_nops_.empty() && kept_nops_[i]) {
          emit(Op::Nop);  // (protected_break_nops.cpp; the next instruction still follows a NOP)
          pending_nop_line_ = lines_[source_->offset / 2];
          return;
        }
        if (std::string_view(source_->base_opname()) == "NOP") {
          pending_nop_line_ = lines_[source_->offset / 2];
          if (source_->offset / 2 < int(nop_at_unit_.size())) nop_at_unit_[source_->offset / 2] = 1;
        }
        if (std::string_view(source_->base_opname()) == "TO_BOOL" && !tested_after(decoded, i)) {
          // 3.13 fold `not not x` into a TO_BOOL of its own.
          emit(Op::UnaryNot);
          emit(Op::UnaryNot);
        }
        return;
      case RuleKind::ReturnGenerator:
        // The generator prologue RETURN_GENERATOR; POP_TOP only exists to
        // create the frame: neither has a source counterpart.
        if (i + 1 < decoded.size() && std::string_view(decoded[i + 1].base_opname()) == "POP_TOP") {
          mark_offset(decoded[i + 1].offset, int(result_.instrs.size()));
          ++i;
        }
        return;
      case RuleKind::Simple: {
        Instr& instr = emit(rule.op, a);
        name_operand(instr, a);
        return;
      }
      case RuleKind::Fixed:
        emit(rule.op, rule.fixed_arg);
        return;
      case RuleKind::DupTopTwo:
        emit(Op::Copy, 2);
        emit(Op::Copy, 2);
        return;
      case RuleKind::BinaryOp:
        emit(Op::BinaryOp, rule.fixed_arg, rule.fixed_arg2);
        return;
      case RuleKind::BinaryOpArg:
        // 3.11+ NB_* numbering: 13 plain operators, then their in-place forms;
        // 3.14+ NB_SUBSCR (26) is BINARY_SUBSCR folded in.
        if (a == 26 && code_.version.minor >= 14) {
          emit(Op::BinarySubscr);
          return;
        }
        if (a < 0 || a >= 26) throw_bad("operator " + std::to_string(a));
        emit(Op::BinaryOp, a % 13, a >= 13 ? 1 : 0);
        return;
      case RuleKind::CompareOp: {
        const int shift = code_.version.minor >= 13 ? 5 : code_.version.minor == 12 ? 4 : 0;
        const int index = a >> shift;
        const int limit = code_.version.minor <= 8 ? 11 : 6;
        if (index < 0 || index >= limit) throw_bad("comparison " + std::to_string(a));
        emit(Op::Compare, int(kCompareOperators[index]));
        return;
      }
      case RuleKind::IsOp:
        emit(Op::Compare, int(a ? CompareOperator::IsNot : CompareOperator::Is));
        return;
      case RuleKind::ContainsOp:
        emit(Op::Compare, int(a ? CompareOperator::NotIn : CompareOperator::In));
        return;
      case RuleKind::LoadGlobal: {
        const bool pushes_null = code_.version.minor >= 11 && (a & 1);
        const int index = code_.version.minor >= 11 ? a >> 1 : a;
        Instr& instr = emit(Op::LoadGlobal, index, pushes_null ? 1 : 0);
        instr.name = name_at(index);
        return;
      }
      case RuleKind::LoadAttr: {
        const bool method = code_.version.minor >= 12 && (a & 1);
        const int index = code_.version.minor >= 12 ? a >> 1 : a;
        Instr& instr = emit(method ? Op::LoadMethod : Op::LoadAttr, index);
        instr.name = name_at(index);
        return;
      }
      case RuleKind::LoadSuperAttr: {
        Instr& instr = emit(Op::LoadSuperAttr, a >> 2, a & 3);
        instr.name = name_at(a >> 2);
        return;
      }
      case RuleKind::ReturnConst:
        emit(Op::LoadConst, a);
        emit(Op::ReturnValue);
        return;
      case RuleKind::KwNames:
        pending_kw_names_ = a;
        return;
      case RuleKind::CallLegacy: {
        Instr& instr = emit(Op::Call, a, rule.fixed_arg2);
        instr.extra = rule.fixed_arg;
        return;
      }
      case RuleKind::Call: {
        int kw = rule.fixed_arg2;
        if (kw == kNoKwNames && pending_kw_names_ >= 0) kw = pending_kw_names_;
        pending_kw_names_ = -1;
        Instr& instr = emit(Op::Call, a, kw);
        instr.extra = 2;
        return;
      }
      case RuleKind::CallFunctionEx: {
        // 3.14+ always have the keyword slot: a NULL when there are none.
        Instr& instr = emit(Op::CallFunctionEx, code_.version.minor >= 14 ? 1 : a & 1);
        instr.extra = code_.version.minor >= 11 ? 2 : 1;
        return;
      }
      case RuleKind::MakeFunction: {
        Instr& instr = emit(Op::MakeFunction, code_.version.minor >= 13 ? 0 : a);
        instr.extra = code_.version.minor <= 10 ? 1 : 0;
        return;
      }
      case RuleKind::FormatValue:
        emit(Op::FormatValue, a & 3, (a & 4) ? 1 : 0);
        return;
      case RuleKind::FormatSimple:
        emit(Op::FormatValue, 0, 0);
        return;
      case RuleKind::FormatWithSpec:
        emit(Op::FormatValue, 0, 1);
        return;
      case RuleKind::BuildUnpack:
        emit(Op::BuildUnpack, a, rule.fixed_arg2);
        return;
      case RuleKind::LoadFastLoadFast:
        emit(Op::LoadFast, a >> 4).name = local_at(a >> 4);
        emit(Op::LoadFast, a & 15).name = local_at(a & 15);
        return;
      case RuleKind::StoreFastLoadFast:
        emit(Op::StoreFast, a >> 4).name = local_at(a >> 4);
        emit(Op::LoadFast, a & 15).name = local_at(a & 15);
        return;
      case RuleKind::StoreFastStoreFast:
        emit(Op::StoreFast, a >> 4).name = local_at(a >> 4);
        emit(Op::StoreFast, a & 15).name = local_at(a & 15);
        return;
      case RuleKind::ForIter:
        emit(Op::ForIter, a);
        return;
      case RuleKind::EndFor:
        emit(Op::EndFor);
        return;
      case RuleKind::PopIter:
        // (3.15: both of the iterator's slots, one in the IR.)
        emit(Op::PopTop);
        return;
      case RuleKind::ImportName: {
        // 3.15: the name index above two flag bits, 1 for `lazy import`
        // (PEP 810: arg2 = 1), 2 for an import forced eager.
        if (code_.version.minor < 15) {
          emit(Op::ImportName, a).name = name_at(a);
          return;
        }
        emit(Op::ImportName, a >> 2, a & 1).name = name_at(a >> 2);
        return;
      }
      case RuleKind::GetIter:
        // 3.15 fold GET_YIELD_FROM_ITER into GET_ITER 3.
        emit(code_.version.minor >= 15 && a == 3 ? Op::GetYieldFromIter : Op::GetIter);
        return;
      case RuleKind::EndAsyncFor:
        emit(Op::EndAsyncFor).target = -1;
        return;
      case RuleKind::LoadSmallInt:
        emit_implicit_constant(Constant::make_int(std::to_string(a)));
        return;
      case RuleKind::LoadCommonConstant: {
        if (a == 0) {
          emit(Op::LoadAssertionError);
          return;
        }
        if (a >= kFirstLiteralCommonConstant) {
          const ConstantPtr literal = common_literal_constant(a);
          if (!literal) throw_bad("common constant " + std::to_string(a));
          emit_implicit_constant(literal);
          return;
        }
        if (a < 0 || a >= int(std::size(kCommonConstantNames))) throw_bad("common constant " + std::to_string(a));
        emit(Op::LoadCommonConstant, a).name = std::string(kCommonConstantNames[a]);
        return;
      }
      case RuleKind::LoadSpecial:
        throw Error(std::string("LOAD_SPECIAL outside a with statement's prologue at offset ") +
                    std::to_string(source_->offset) + " of " + code_.name);
    }
  }

  // Byte-offset targets become instruction indexes. From 3.12 the exhausted
  // FOR_ITER lands on END_FOR (3.13: END_FOR; POP_TOP), which pops what the
  // loop left; pointing past them gives every version ≤3.11's meaning: the
  // loop exit starts with the iterator already gone.
  void resolve_jump_targets() {
    auto& index_at_unit = result_.index_at_unit;
    index_at_unit = first_ir_at_or_after_;
    int next = int(result_.instrs.size());
    for (int unit = int(index_at_unit.size()) - 1; unit >= 0; --unit) {
      if (index_at_unit[unit] < 0) index_at_unit[unit] = next;
      next = index_at_unit[unit];
    }
    const int count = int(result_.instrs.size());
    for (Instr& instr : result_.instrs) {
      if (instr.target < 0) continue;
      if (instr.target >= int(code_.code.size())) throw Error("jump beyond the end of " + code_.name);
      instr.target_is_nop = instr.target / 2 < int(nop_at_unit_.size()) && nop_at_unit_[instr.target / 2];
      instr.target = result_.index_at_offset(instr.target);
      // Nothing to run there (the code ends in dropped instructions).
      if (instr.target >= count) throw Error("jump to the end of " + code_.name);
    }
    if (code_.version.minor < 12) return;
    for (Instr& instr : result_.instrs) {
      if (instr.op != Op::ForIter) continue;
      int target = instr.target;
      if (target < int(result_.instrs.size()) && result_.instrs[target].op == Op::EndFor) {
        ++target;
        if (code_.version.minor >= 13 && target < int(result_.instrs.size()) &&
            result_.instrs[target].op == Op::PopTop) {
          ++target;
        }
      }
      if (target >= int(result_.instrs.size())) throw Error("loop exit beyond the end of " + code_.name);
      instr.target = target;
    }
  }

  // 3.11+ spell `yield from x` / `await x` as a loop:
  //   LOAD_CONST None; SEND exit; YIELD_VALUE; JUMP_BACKWARD_NO_INTERRUPT to SEND; [CLEANUP_THROW]; exit: [END_SEND]
  // ≤3.10 had one instruction for it; fold the loop back into YieldFrom so
  // every later stage sees the expression, not a loop.
  void fold_send_loops() {
    auto& instrs = result_.instrs;
    for (int i = 0; i + 2 < int(instrs.size()); ++i) {
      if (instrs[i].op != Op::Send) continue;
      const int exit = instrs[i].target;
      if (instrs[i + 1].op != Op::YieldValue || instrs[i + 2].op != Op::Jump || instrs[i + 2].target != i) continue;
      // Inside an except clause 3.12+ place the loop's CLEANUP_THROW
      // between the loop and its exit, where the fold falls into it.
      const bool inline_cleanup = exit == i + 4 && instrs[i + 3].op == Op::CleanupThrow;
      if (exit != i + 3 && !inline_cleanup) continue;
      instrs[i].op = Op::YieldFrom;
      instrs[i].target = -1;
      // (3.15 give an awaited value's send loop a NULL under the value sent.)
      if (code_.version.minor >= 15 && i >= 2 && instrs[i - 1].op == Op::LoadConst && instrs[i - 2].op == Op::PushNull)
        instrs[i - 2].op = Op::Nop;
      instrs[i + 1].op = Op::Nop;
      instrs[i + 2].op = Op::Nop;
      instrs[i + 2].target = -1;
      if (exit < int(instrs.size()) && instrs[exit].op == Op::EndSend) instrs[exit].op = Op::Nop;
    }
  }

  const CodeObject& code_;
  const OpcodeTable& table_;
  const RuleTable& rules_;
  const Instruction* source_ = nullptr;
  Function result_;
  std::vector<int> lines_;
  int pending_nop_line_ = 0;  // line of the NOP dropped last, for the next instruction
  std::vector<int> first_ir_at_or_after_;
  std::vector<char> nop_at_unit_;  // code units holding a dropped NOP
  std::vector<char> kept_nops_;    // per decoded instruction: a NOP kept as an IR Nop
  int pending_kw_names_ = -1;
  IteratorSlotPairs pairs_;  // 3.15: the iterators' second slots
};

}  // namespace

Function normalise(const CodeObject& code) { return Normaliser(code).run(); }

}  // namespace depyf::ir
