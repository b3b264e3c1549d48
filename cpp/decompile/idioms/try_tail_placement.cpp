// Where the code after a try body belongs when every except clause leaves
// (returns or raises): the body's own last statements, the else clause,
// or the code after the try statement.
//
// Versions: all (3.8-3.15); the evidence differs: ≤3.9 a dead `return None`,
// 3.10 constants, 3.11 layout, 3.12+ names and constants, 3.14 loads, 3.15
// co_consts[0].
// Source:
//     try:                      try:                  try:
//         del cbs[pid]              self[key]             m = memoryview(s)
//         return True           except KeyError:      except TypeError as err:
//     except KeyError:              return False          raise TypeError(...) from err
//         return False          else:                 if m.format not in ("c", "b", "B"):
//                                   return True           raise TypeError(...)
//                                                     return m
// Bytecode:
//     (≤3.10 SETUP_FINALLY H) <body> (≤3.10 POP_BLOCK) <tail>; RETURN_VALUE
//     H: <except clauses, each returning or raising>
// Test: tests/python/decompile_cases/exceptions.py (return_constant_ends_try_body,
//     return_constant_in_else_after_leaving_clause, code_after_try_whose_clause_raises),
//     tests/python/decompile_cases/try_tail_placement_py310.py
//
// All three run the same code on the same paths; the compiler writes down
// which one the source had in the lines, the layout and the order it met
// names and constants in.

#include <algorithm>

#include "decompile/idioms/cold_code_order.hpp"
#include "decompile/walk/function_decompiler.hpp"
#include "opcodes/opcode_table.hpp"

namespace depyf::decompile {

bool borrowed_load(const CodeObject& code, const ir::Instr& instr) {
  if (instr.op != ir::Op::LoadFast || instr.offset < 0 || instr.offset >= int(code.code.size())) return false;
  const OpcodeTable& table = opcode_table(code.version);
  const int opcode = static_cast<unsigned char>(code.code[instr.offset]);
  return opcode == table.opcode("LOAD_FAST_BORROW") || opcode == table.opcode("LOAD_FAST_BORROW_LOAD_FAST_BORROW");
}

using ir::Op;

namespace {

int first_line_from(const std::vector<ir::Instr>& instrs, int from) {
  for (int i = std::max(from, 0); i < int(instrs.size()); ++i)
    if (instrs[i].line > 0) return instrs[i].line;
  return 0;
}

// 3.14+: the earliest position in co_names (`names`) or co_consts among
// those only instructions in `mine` use, nowhere else in the function;
// -1 when none. (A name the code after the try shares with code not yet
// walked, such as an enclosing try's else clause, was met there first.)
// A None that a return loads counts for nothing: the implicit return may
// have met it last; nor does a constant from `folded` on (the first the
// CFG optimizer appended by folding, -1: none).
int first_exclusive_use(const ir::Function& function, const std::vector<int>& mine, bool names, int folded) {
  const auto& instrs = function.instrs;
  const CodeObject& code = *function.code;
  auto position = [&](int i) {
    const ir::Instr& instr = instrs[i];
    if (names) {
      if (!names_from_co_names(instr.op) || instr.name.empty()) return -1;
      const auto at = std::find(code.names.begin(), code.names.end(), instr.name);
      return at == code.names.end() ? -1 : int(at - code.names.begin());
    }
    if (instr.op != Op::LoadConst || instr.arg < 0 || instr.arg >= int(code.consts.size())) return -1;
    const ConstantPtr& constant = code.consts[instr.arg];
    if (constant && constant->kind == Constant::Kind::None && i + 1 < int(instrs.size()) &&
        instrs[i + 1].op == Op::ReturnValue)
      return -1;
    return instr.arg;
  };
  std::vector<char> in_mine(instrs.size(), 0);
  for (int i : mine) in_mine[i] = 1;
  std::vector<char> elsewhere(names ? code.names.size() : code.consts.size(), 0);
  for (int i = 0; i < int(instrs.size()); ++i) {
    if (in_mine[i]) continue;
    // (Any other load of that constant, a None ending in a return too.)
    const ir::Instr& instr = instrs[i];
    if (!names && instr.op == Op::LoadConst && instr.arg >= 0 && instr.arg < int(code.consts.size())) {
      elsewhere[instr.arg] = 1;
      continue;
    }
    const int at = position(i);
    if (at >= 0) elsewhere[at] = 1;
  }
  int best = -1;
  for (int i : mine) {
    const int at = position(i);
    if (at >= 0 && !elsewhere[at] && (names || folded < 0 || at < folded) && (best < 0 || at < best)) best = at;
  }
  return best;
}

}  // namespace

// The earliest position in co_names / co_consts among the names and
// constants only `mine` uses (not `other`, not `shared`); -1 when none.
// (Positions of names and constants are compared separately.) Without
// `own_none_tells`, a None only `mine` loads counts for nothing: the
// implicit return ending the function meets it last, wherever it stands.
FunctionDecompiler::FirstUse FunctionDecompiler::first_own_use(const std::vector<int>& mine,
                                                               const std::vector<int>& other,
                                                               const std::vector<int>& shared,
                                                               bool own_none_tells) const {
  const auto& instrs = function_.instrs;
  auto uses = [&](const std::vector<int>& code, bool names, bool with_none = true) {
    std::vector<int> positions;
    for (int i : code) {
      const ir::Instr& instr = instrs[i];
      if (names && names_from_co_names(instr.op) && !instr.name.empty()) {
        const auto at = std::find(code_.names.begin(), code_.names.end(), instr.name);
        if (at != code_.names.end()) positions.push_back(int(at - code_.names.begin()));
      } else if (!names && instr.op == Op::LoadConst && instr.arg < int(code_.consts.size()) &&
                 !((instr.arg == 0 || !with_none) && loads_none(i))) {
        // (None first in co_consts may have been put there whatever the
        // code: a function's docstring slot, ≤3.13. Elsewhere it was met
        // there: after a docstring, a `return` in a clause meets it before
        // the code after the try, an implicit return only at the end.)
        positions.push_back(instr.arg);
      }
    }
    return positions;
  };
  FirstUse result;
  for (const bool names : {true, false}) {
    const std::vector<int> others = uses(other, names), common = uses(shared, names);
    int best = -1;
    for (int at : uses(mine, names, own_none_tells)) {
      if (std::find(others.begin(), others.end(), at) != others.end()) continue;
      if (std::find(common.begin(), common.end(), at) != common.end()) continue;
      if (best < 0 || at < best) best = at;
    }
    (names ? result.name : result.constant) = best;
  }
  return result;
}

FunctionDecompiler::TailPlace FunctionDecompiler::place_tail_after_leaving_clauses(
    int body_start, int handler, const std::vector<int>& tail, const std::vector<int>& clauses,
    const std::vector<int>& body, const ast::Body& tail_statements) const {
  const auto& instrs = function_.instrs;
  // (The try's own jump over the clauses to that code, ≤3.10, says nothing.)
  std::vector<int> code;
  for (int i : tail)
    if (instrs[i].op != Op::Jump && instrs[i].op != Op::PopBlock) code.push_back(i);
  if (code.empty()) return TailPlace::AfterTry;
  // (3.10+ copy the implicit `return None` to the body's end, with the
  // line of the code before it: it was no statement.)
  if (code.size() == 2 && instrs[code[1]].op == Op::ReturnValue && is_implicit_return_copy(code[1]))
    return TailPlace::AfterTry;
  // (Nor is the re-raise ending a finally body's handler copy.)
  if (instrs[code[0]].op == Op::Reraise) return TailPlace::AfterTry;
  const int tail_start = *std::min_element(code.begin(), code.end());
  // Lines: code written before the first `except` line was in the body.
  // (Not from the POP_EXCEPT of an enclosing clause the code leaves: it
  // takes the line of the code before it.)
  int line_start = tail_start;
  for (int i : code)
    if (instrs[i].op != Op::PopExcept) {
      line_start = i;
      break;
    }
  // (The first literal piece of a `'...' % (a, b)` folded into an f-string
  // has no line of its own: it takes that of the code before it, the
  // body's last. The code after it tells.)
  if (line_start > 0 && line_start + 1 < int(instrs.size()) && instrs[line_start].op == Op::LoadConst &&
      instrs[line_start].line == instrs[line_start - 1].line && instrs[line_start + 1].line > 0 &&
      instrs[line_start + 1].line != instrs[line_start].line)
    ++line_start;
  const int tail_line = first_line_from(instrs, line_start);
  const int except_line = first_line_from(instrs, handler_body_start(handler));
  const int body_line = first_line_from(instrs, body_start);
  if (tail_line > 0 && except_line > 0 && tail_line < except_line && tail_line >= body_line) return TailPlace::InBody;
  // An else clause is compiled before the except clauses, the code after
  // the try statement after them.
  if (code_.version.minor <= 9) {
    // ≤3.9 end a function whose last statement is the try with an
    // unreachable `return None` after the else clause's own return (a
    // compound statement in the code after the try could explain it: an
    // if whose else returns prints without the else).
    if (tail_statements.empty()) return TailPlace::AfterTry;
    for (const ast::StmtPtr& statement : tail_statements)
      if (ast::is_compound_flow(*statement)) return TailPlace::AfterTry;
    // (A final `raise` is followed by the implicit return all the same.)
    if (!ast::as<ast::Return>(tail_statements.back())) return TailPlace::AfterTry;
    const int count = int(instrs.size());
    const int last = *std::max_element(code.begin(), code.end());
    if (kind_ != CodeKind::Module && kind_ != CodeKind::Class && last + 3 == count &&
        instrs[last].op == Op::ReturnValue && loads_none(count - 2) && instrs[count - 1].op == Op::ReturnValue &&
        !graph_.blocks[block_at(count - 2)].reachable)
      return TailPlace::InElse;
    return TailPlace::AfterTry;
  }
  if (code_.version.minor == 11) return tail_start < handler ? TailPlace::InElse : TailPlace::AfterTry;
  const FirstUse in_tail = first_own_use(tail, clauses, body, false);
  const FirstUse in_clauses = first_own_use(clauses, tail, body);
  if (code_.version.minor == 10) {
    // 3.10 lay both out after the body and compile both after the
    // clauses: only a constant of the clauses' met after the tail's, the
    // None of a copy of the implicit return, says that the clauses fell
    // off the end of the function, so the tail was the else clause.
    if (in_tail.constant >= 0 && in_clauses.constant > in_tail.constant) return TailPlace::InElse;
    // (That None may be the tail's too, where it returns: a `return` in
    // a clause, which the code after the try would follow, would still
    // have met it before the tail's constants.)
    if (in_tail.constant >= 0) {
      const std::vector<int> none;
      for (int i : clauses)
        if (instrs[i].op == Op::LoadConst && loads_none(i) && instrs[i].arg > in_tail.constant &&
            first_own_use({i}, none, body).constant == instrs[i].arg)
          return TailPlace::InElse;
    }
    return TailPlace::AfterTry;
  }
  // 3.14+: code that only exceptions reach (handlers) is moved to the end
  // in the order it was generated, so where the try statement stands in
  // such code, its layout is its codegen order: an else clause before the
  // except clauses, the code after the try after them.
  std::vector<char> warm;
  if (code_.version.minor >= 14) {
    warm = blocks_reached_without_exceptions(graph_);
    if (!warm[block_at(tail_start)] && !warm[block_at(handler)])
      return tail_start < handler ? TailPlace::InElse : TailPlace::AfterTry;
  }
  // 3.14+: first the names, then the constants that only one side uses,
  // in the whole function: which side met its own first was compiled
  // first. (The 3.12+ rules below look at the try statement alone.)
  if (code_.version.minor >= 14) {
    // (Constants the CFG optimizer folded stand after all others.)
    const int folded = find_folded_constants(function_, graph_).start;
    for (const bool names : {true, false}) {
      const int tail_first = first_exclusive_use(function_, tail, names, folded);
      const int clause_first = first_exclusive_use(function_, clauses, names, folded);
      if (tail_first >= 0 && clause_first >= 0 && tail_first != clause_first)
        return tail_first < clause_first ? TailPlace::InElse : TailPlace::AfterTry;
    }
  }
  // 3.14+: a name only the tail uses that stands before a name the except
  // clauses use: every name a clause uses was met by the time the code
  // after the try statement is compiled, so the tail was compiled before
  // the clauses, an else clause (multiprocessing.resource_tracker, where
  // the tail loads strongly after a try/finally nested in the body). (Only
  // the clauses' own code, dominated by the handler: a finally body's
  // handler copy of an enclosing try is compiled after either.)
  if (code_.version.minor >= 14) {
    const int tail_first = first_exclusive_use(function_, tail, true, -1);
    if (tail_first >= 0 && handler >= 0 && handler < int(instrs.size())) {
      const int handler_block = block_at(handler);
      for (int i : clauses) {
        if (!names_from_co_names(instrs[i].op) || instrs[i].name.empty() ||
            !graph_.dominates(handler_block, block_at(i)))
          continue;
        const auto at = std::find(code_.names.begin(), code_.names.end(), instrs[i].name);
        if (at != code_.names.end() && int(at - code_.names.begin()) > tail_first) return TailPlace::InElse;
      }
    }
  }
  // 3.14 borrow references (LOAD_FAST_BORROW) in an else clause but not
  // in the code after a try statement whose clauses leave: that code, to
  // the end of the function, loads locals with LOAD_FAST. (3.15 borrow in
  // both; handler code, reached only by exceptions, never borrows.)
  // (Only where the body borrows: try_tail_split.cpp.)
  if (code_.version.minor == 14 && body_ends_borrowing(tail_start)) {
    bool loads = false, borrows = false;
    for (int i : code) {
      if (instrs[i].op != Op::LoadFast || !warm[block_at(i)]) continue;
      loads = true;
      borrows = borrows || borrowed_load(code_, instrs[i]);
    }
    if (loads) return borrows ? TailPlace::InElse : TailPlace::AfterTry;
  }
  // (3.12+ move the handlers to the end: the order the compiler met
  // names and constants in tells.)
  if (in_tail.name >= 0 && in_clauses.name >= 0 && in_tail.name != in_clauses.name)
    return in_tail.name < in_clauses.name ? TailPlace::InElse : TailPlace::AfterTry;
  if (in_tail.constant >= 0 && in_clauses.constant >= 0 && in_tail.constant != in_clauses.constant)
    return in_tail.constant < in_clauses.constant ? TailPlace::InElse : TailPlace::AfterTry;
  // (When only one side has a name of its own, a name both use, such as
  // an exception type the tail catches too, went in with whichever was
  // compiled first.)
  const std::vector<int> none;
  if (in_tail.name >= 0 && in_clauses.name < 0) {
    const int clause_first = first_own_use(clauses, none, body).name;
    if (clause_first >= 0 && clause_first != in_tail.name)
      return in_tail.name < clause_first ? TailPlace::InElse : TailPlace::AfterTry;
  }
  if (in_clauses.name >= 0 && in_tail.name < 0) {
    const int tail_first = first_own_use(tail, none, body).name;
    if (tail_first >= 0 && tail_first != in_clauses.name)
      return tail_first < in_clauses.name ? TailPlace::InElse : TailPlace::AfterTry;
  }
  // 3.15 drop from co_consts the constants loaded without it (small ints,
  // True/False/None by LOAD_COMMON_CONSTANT) but keep the first constant
  // the compiler met at co_consts[0]: the side that loads it that way was
  // compiled first.
  if (code_.version.minor >= 15 && !code_.consts.empty()) {
    const Constant& first = *code_.consts[0];
    auto meets_first = [&](const std::vector<int>& side) {
      for (int i : side) {
        if (instrs[i].op != Op::LoadConst || instrs[i].arg < int(code_.consts.size())) continue;
        const ConstantPtr constant = function_.constant(instrs[i].arg);
        if (constant && constant->kind == first.kind && constant->text == first.text &&
            constant->boolean == first.boolean)
          return true;
      }
      return false;
    };
    const bool tail_first = meets_first(tail);
    if (tail_first != meets_first(clauses) && !meets_first(body))
      return tail_first ? TailPlace::InElse : TailPlace::AfterTry;
  }
  return TailPlace::AfterTry;
}

}  // namespace depyf::decompile
