// Dead code's names.
//
// Versions: 3.10+ (function code; module code too 3.14+; the dead code's
// constants kept 3.10/3.11 only).
// Source:
//     a.first()
//     if False:
//         a.second(1.5, "x")
//     a.third(2.5)
// Bytecode:
//     LOAD_FAST a; <call of a.first>; POP_TOP
//     LOAD_FAST a; <call of a.third with LOAD_CONST 2.5>; POP_TOP
//     co_names ('first', 'second', 'third'): no instruction loads 'second'
//     (3.10/3.11 co_consts keep False, 1.5, 'x' too)
// Test: tests/python/decompile_cases/dead_code_names_py310.py (dead_if_false_between_calls,
//     code_after_return; known failures 3.14/3.15),
//     tests/python/decompile_cases/dead_code_names_used_later_py310.py
//
// 3.10+ compile a statement the optimizer then drops (the body of `if 0:` /
// `if 0 and x:`, code after a `return`) like any other, so its names stay in
// co_names, where no instruction refers to them, in the order the compiler
// met them (3.10/3.11 keep its constants in co_consts as well, the test's 0
// or False first; 3.12+ drop unused constants). A run of such names says
// where dead code stood: between the statements that first used the names
// before and after it. Putting back an `if 0:` block that uses the same names
// (and constants) there reproduces both tables.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace make = depyf::ast::make;

namespace depyf::decompile {

namespace {

bool is_false_test(const Constant& constant) {
  return (constant.kind == Constant::Kind::Int && constant.text == "0") ||
         (constant.kind == Constant::Kind::Bool && !constant.boolean);
}

// Constants a list display can carry again as a literal.
bool is_literal(const Constant& constant) {
  switch (constant.kind) {
    case Constant::Kind::Int:
    case Constant::Kind::Float:
    case Constant::Kind::Str:
    case Constant::Kind::Bytes:
    case Constant::Kind::Bool:
    case Constant::Kind::None: return true;
    default: return false;
  }
}

// `if 0:` holding only bare annotations, `x: T`.
bool is_dead_annotation_block(const ast::StmtPtr& statement) {
  auto* block = ast::as<ast::If>(statement);
  auto* test = block ? ast::as<ast::Constant>(block->test) : nullptr;
  if (!test || test->value->kind != Constant::Kind::Int || test->value->text != "0" || !block->orelse.empty() ||
      block->body.empty())
    return false;
  return std::all_of(block->body.begin(), block->body.end(), [](const ast::StmtPtr& inner) {
    auto* annotated = ast::as<ast::AnnAssign>(inner);
    return annotated && !annotated->value;
  });
}

}  // namespace

void FunctionDecompiler::restore_dead_code_names(ast::Body& body) const {
  // (Module code too from 3.14, where `if False: from typing import IO`
  // is common; nothing earlier was measured with it.)
  const bool module_too = code_.version.minor >= 14 && kind_ == CodeKind::Module;
  if (code_.version.minor < 10 || (kind_ != CodeKind::Function && !module_too) || body.empty()) return;
  const auto& instrs = function_.instrs;
  const int name_count = int(code_.names.size());
  // The first instruction that uses each co_names entry (-1: none).
  std::vector<int> first_use(name_count, -1);
  for (int i = 0; i < int(instrs.size()); ++i) {
    if (!names_from_co_names(instrs[i].op) || instrs[i].name.empty()) continue;
    for (int k = 0; k < name_count; ++k)
      if (first_use[k] < 0 && code_.names[k] == instrs[i].name) first_use[k] = i;
  }
  // (A name some other instruction still mentions, say as a local, may
  // be used in ways not read here: leave it.)
  auto mentioned = [&](const std::string& name) {
    return std::any_of(instrs.begin(), instrs.end(), [&](const ir::Instr& instr) { return instr.name == name; });
  };
  int run_start = -1;
  for (int k = 0; k < name_count && run_start < 0; ++k)
    if (first_use[k] < 0 && !mentioned(code_.names[k])) run_start = k;
  if (run_start < 0) return;
  int run_end = run_start;
  while (run_end + 1 < name_count && first_use[run_end + 1] < 0 && !mentioned(code_.names[run_end + 1])) ++run_end;
  // Only one run of them is read.
  for (int k = run_end + 1; k < name_count; ++k)
    if (first_use[k] < 0) return;
  // The dead code may also have met names first that live code after it
  // uses (`if 0 and self._hpa: self.__move_x = self.__move_x_hpa` before
  // `elif ...: self.__move_x = ...`): the entries between the run and the
  // one the code after it meets first stand before that one only because
  // the dead code met them. (The live code meets its names in the order
  // of their entries, so that first one is the entry right after them.)
  int first_live = -1;
  for (int k = run_end + 1; k < name_count; ++k) {
    if (module_too && code_.names[k] == "__annotate__") continue;  // (met last: see below)
    if (first_live < 0 || first_use[k] < first_use[first_live]) first_live = k;
  }
  const int dead_end = first_live > run_end + 1 ? first_live - 1 : run_end;

  // 3.10/3.11: the dropped test's constant and the body's, unreferenced,
  // after the constants of the code before.
  const std::vector<int> first_load = first_constant_loads();
  const int const_count = int(code_.consts.size());
  int test_at = -1, const_end = -1;
  ast::ExprPtr test = make::int_(0);
  std::vector<ast::StmtPtr> dead;
  if (code_.version.minor <= 11) {
    for (int k = 0; k < const_count && test_at < 0; ++k)
      if (first_load[k] < 0 && is_false_test(*code_.consts[k])) test_at = k;
    // (Dead code after a `return` has no test of its own: `if None:`
    // adds nothing where None already holds the docstring slot.)
    if (test_at < 0) {
      if (const_count == 0 || code_.consts[0]->kind != Constant::Kind::None) return;
      test_at = 0;
    }
    test = make::constant(code_.consts[test_at]);
    const_end = test_at;
    while (const_end + 1 < const_count && first_load[const_end + 1] < 0 && is_literal(*code_.consts[const_end + 1])) {
      ++const_end;
      dead.push_back(make::expr_stmt(make::list({make::constant(code_.consts[const_end])})));
    }
  }
  for (int k = run_start; k <= dead_end; ++k)
    dead.insert(dead.begin() + (k - run_start), make::expr_stmt(make::attribute(test, code_.names[k])));
  // Locals only the dead code bound (a `for` target) are still locals.
  const int arguments = code_.argcount + code_.kwonlyargcount + ((code_.flags & kFlagVarargs) ? 1 : 0) +
                        ((code_.flags & kFlagVarKeywords) ? 1 : 0);
  std::vector<ast::StmtPtr> stores;
  for (int k = arguments; k < int(code_.varnames.size()); ++k)
    if (!mentioned(code_.varnames[k]))
      stores.push_back(make::assign(ast::ExprPtr(make::name(code_.varnames[k], ast::ExprContext::Store)), test));
  dead.insert(dead.begin(), stores.begin(), stores.end());

  // Where: after the statement that first used the entry before the run,
  // before the one that first used the entry after it.
  // (Statements on one line, such as a copy of the implicit return after
  // the last statement: the first of them starts the line.)
  auto statement_at = [&](int line, bool first_on_line) {
    int at = -1;
    for (int s = 0; s < int(body.size()); ++s)
      if (body[s]->lineno > 0 && body[s]->lineno <= line) at = s;
    while (first_on_line && at > 0 && body[at - 1]->lineno == body[at]->lineno) --at;
    return at;
  };
  int after = -1, before = int(body.size());
  auto bound_by = [&](int instr_index, bool is_before) {
    if (instr_index < 0) return true;
    const int line = instrs[instr_index].line;
    if (line <= 0) return false;
    const int s = statement_at(line, is_before);
    if (is_before) {
      before = std::min(before, std::max(s, 0));
    } else {
      after = std::max(after, s);
    }
    return true;
  };
  for (int k = 0; k < run_start; ++k)
    if (!bound_by(first_use[k], false)) return;
  for (int k = dead_end + 1; k < name_count; ++k) {
    // (3.14+ store a module's __annotate__ first, but add that code and
    // its name when the rest of the module is compiled: met last.)
    if (module_too && code_.names[k] == "__annotate__") continue;
    if (!bound_by(first_use[k], true)) return;
  }
  if (test_at >= 0) {
    // (None says nothing: ≤3.11 put it first in place of a docstring, an
    // implicit return meets it at the end.)
    for (int k = 0; k < test_at; ++k)
      if (first_load[k] >= 0 && !loads_none(first_load[k]) && !bound_by(first_load[k], false)) return;
    for (int k = const_end + 1; k < const_count; ++k)
      if (first_load[k] >= 0 && !loads_none(first_load[k]) && !bound_by(first_load[k], true)) return;
  }
  // (The dead code may have stood inside a statement: not read.)
  if (after >= before) return;
  const int at = before;
  // 3.14 module code: a False in co_consts first met after every constant
  // the code before the block loads, and first loaded after it, is the
  // dropped test's, `if False:` (3.15 load False without a constant).
  if (module_too && at < int(body.size()) && body[at]->lineno > 0) {
    const int line = body[at]->lineno;
    int before_max = -1, false_at = -1, after_min = const_count;
    for (int k = 0; k < const_count; ++k) {
      if (first_load[k] < 0) continue;
      const int load_line = instrs[first_load[k]].line;
      const bool is_false = code_.consts[k]->kind == Constant::Kind::Bool && !code_.consts[k]->boolean;
      // (The module's __annotate__ is made first but compiled last.)
      const bool annotate = code_.consts[k]->code && code_.consts[k]->code->name == "__annotate__";
      if (load_line > 0 && load_line < line && !annotate) before_max = std::max(before_max, k);
      if (load_line >= line) {
        if (is_false)
          false_at = k;
        else
          after_min = std::min(after_min, k);
      }
    }
    if (false_at > before_max && before_max >= 0 && false_at < after_min) test = make::constant(code_.consts[false_at]);
  }
  // (3.14+: an `if 0:` of annotations whose marks no code sets already
  // stands there, deferred_annotations.cpp: one dead block, names first.)
  if (at > 0 && module_too && is_dead_annotation_block(body[at - 1])) {
    auto annotations = std::static_pointer_cast<ast::If>(body[at - 1]);
    annotations->body.insert(annotations->body.begin(), dead.begin(), dead.end());
    annotations->test = test;
    return;
  }
  auto block = make::if_(test, dead);
  block->lineno = at < int(body.size()) ? body[at]->lineno : body.back()->lineno;
  body.insert(body.begin() + at, block);
}

}  // namespace depyf::decompile
