// Comprehensions: the loop nest around an element marker turned back into
// a comprehension expression, both for ≤3.11 comprehension code objects and
// for 3.12+ comprehensions compiled inline (PEP 709), whose save/restore of
// the iteration variables folds into the expression.
#include <algorithm>
#include <functional>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

bool is_saved_variable(const Value& value) {
  return value.kind == Value::Kind::Unknown && ast::as<ast::Name>(value.expr) &&
         ast::as<ast::Name>(value.expr)->id.rfind("__depyf_unknown_saved_", 0) == 0;
}

bool is_empty_display(const Value& value) {
  if (value.kind != Value::Kind::Expr) return false;
  if (auto* list = ast::as<ast::List>(value.expr)) return list->elts.empty();
  if (auto* set = ast::as<ast::Set>(value.expr)) return set->elts.empty();
  if (auto* dict = ast::as<ast::Dict>(value.expr)) return dict->keys.empty();
  return false;
}

}  // namespace

// 3.13+ load a cell itself with LOAD_FAST (LOAD_CLOSURE is a
// pseudo-instruction), and an inlined comprehension whose variable has the
// name of a cell of the function uses the same slot as a plain local:
//     for base in abcs: any(... base ...)   # base is a cell (the genexpr's)
//     [f(base) for base in bases]           # LOAD_FAST base: the value
// Bytecode: LOAD_FAST_AND_CLEAR base saves the outer slot below the
// comprehension's values, STORE_FAST/LOAD_FAST base inside, STORE_FAST base
// restores it after. While the save is on the stack, the slot is the
// comprehension's.
bool FunctionDecompiler::shadowed_by_inlined_comprehension(const std::string& name, const Stack& stack) {
  const std::string saved = "__depyf_unknown_saved_" + name;
  return std::any_of(stack.begin(), stack.end(), [&](const Value& value) {
    return is_saved_variable(value) && ast::as<ast::Name>(value.expr)->id == saved;
  });
}

ast::ExprPtr FunctionDecompiler::comprehension_from_body(const ast::Body& body, const std::string& kind,
                                                         ast::ExprPtr iterable, int index) {
  std::vector<ast::Comprehension> generators;
  const ast::Body* level = &body;
  std::size_t position = 0;
  ast::ExprPtr marker;
  while (marker == nullptr) {
    const ast::Body& stmts = *level;
    // Ignore the final `return <accumulator>` (≤3.11 code objects).
    std::size_t count = stmts.size();
    if (count > position && ast::as<ast::Return>(stmts[count - 1])) --count;
    if (count <= position) fail(index, "comprehension body is not a single loop nest");
    const ast::StmtPtr& stmt = stmts[position];
    // A walrus in a ≤3.11 comprehension binds in the enclosing scope.
    if (level == &body && (ast::as<ast::Nonlocal>(stmt) || ast::as<ast::Global>(stmt))) {
      ++position;
      continue;
    }
    // `if c: continue` before the rest of a loop body is a filter too. A
    // run of them is one filter, `not (c or d)`: the same jumps as two
    // filters, but the `not` can then stay off compares (condition_form.cpp).
    // (3.13 in a protected region, a with body: `if c or d` comes as
    // `if not c: if not d: continue`, the skip `not c and not d`.)
    auto skip_condition = [](const ast::StmtPtr& stmt, auto& self) -> ast::ExprPtr {
      auto* test = ast::as<ast::If>(stmt);
      if (!test || !test->orelse.empty() || test->body.size() != 1) return nullptr;
      if (ast::as<ast::Continue>(test->body[0])) return test->test;
      ast::ExprPtr inner = self(test->body[0], self);
      return inner ? make::boolop(ast::BoolOperator::And, {test->test, inner}) : nullptr;
    };
    // (An if whose body is only such skips, `if t: if c: continue; if d:
    // continue`, lets the element through when `not t or (not c and not d)`:
    // the walk reads a filter `a or (b and c)` so, 3.12+ inlined
    // comprehensions. Only the tests are negated, each as the walk read it.)
    std::function<ast::ExprPtr(const ast::StmtPtr&)> passes = [&](const ast::StmtPtr& stmt) -> ast::ExprPtr {
      auto* test = ast::as<ast::If>(stmt);
      if (!test || !test->orelse.empty() || test->body.empty()) return nullptr;
      if (test->body.size() == 1 && ast::as<ast::Continue>(test->body[0])) return negate_condition(test->test);
      std::vector<ast::ExprPtr> all;
      for (const ast::StmtPtr& nested : test->body) {
        ast::ExprPtr pass = passes(nested);
        if (!pass) return nullptr;
        all.push_back(pass);
      }
      const ast::ExprPtr inner = all.size() == 1 ? all[0] : make::boolop(ast::BoolOperator::And, all);
      return make::boolop(ast::BoolOperator::Or, {negate_condition(test->test), inner});
    };
    auto skip_test = [&](std::size_t at) -> ast::ExprPtr {
      if (generators.empty() || level == &body) return nullptr;
      return skip_condition(stmts[at], skip_condition);
    };
    auto nested_skips = [&](std::size_t at) -> ast::ExprPtr {
      auto* test = ast::as<ast::If>(stmts[at]);
      if (generators.empty() || level == &body || !test || skip_test(at)) return nullptr;
      return passes(stmts[at]);
    };
    if (count > position + 1 && skip_test(position)) {
      std::vector<ast::ExprPtr> skipped;
      while (count > position + 1 && skip_test(position)) skipped.push_back(skip_test(position++));
      const ast::ExprPtr any = skipped.size() == 1 ? skipped[0] : make::boolop(ast::BoolOperator::Or, skipped);
      generators.back().ifs.push_back(negate_condition(any));
      continue;
    }
    if (count > position + 1 && nested_skips(position)) {
      generators.back().ifs.push_back(nested_skips(position++));
      continue;
    }
    if (count != position + 1) fail(index, "comprehension body is not a single loop nest");
    if (auto* loop = ast::as<ast::For>(stmt); loop && loop->orelse.empty()) {
      generators.push_back(make::comprehension(loop->target, loop->iter));
      level = &loop->body;
    } else if (auto* loop = ast::as<ast::AsyncFor>(stmt); loop && loop->orelse.empty()) {
      generators.push_back(make::comprehension(loop->target, loop->iter, {}, true));
      level = &loop->body;
    } else if (auto* test = ast::as<ast::If>(stmt); test && test->orelse.empty() && !generators.empty()) {
      generators.back().ifs.push_back(test->test);
      level = &test->body;
    } else if (auto* expr = ast::as<ast::ExprStmt>(stmt); expr && level != &body) {
      marker = expr->value;
    } else {
      fail(index, "unexpected statement in a comprehension");
    }
    position = 0;
  }
  if (generators.empty()) fail(index, "comprehension without a loop");
  if (iterable) generators[0].iter = iterable;
  if (kind == "<genexpr>") {
    auto* yield = ast::as<ast::Yield>(marker);
    if (yield == nullptr || !yield->value) fail(index, "generator expression without a yield");
    return make::generator_exp(yield->value, generators);
  }
  auto* call = ast::as<ast::Call>(marker);
  auto* callee = call ? ast::as<ast::Name>(call->func) : nullptr;
  if (callee == nullptr || callee->id != "__depyf_element__") fail(index, "comprehension without an element");
  if (kind == "<dictcomp>") {
    if (call->args.size() != 2) fail(index, "dict comprehension element");
    return make::dict_comp(call->args[0], call->args[1], generators);
  }
  if (call->args.size() != 1) fail(index, "comprehension element");
  if (kind == "<setcomp>") return make::set_comp(call->args[0], generators);
  if (kind == "<listcomp>") return make::list_comp(call->args[0], generators);
  fail(index, "unknown comprehension kind " + kind);
}

// 3.12+ compile `[e for x in it]` in place:
//     <it>; GET_ITER; LOAD_FAST_AND_CLEAR x...; SWAP n; BUILD_LIST 0; SWAP 2;
//     FOR_ITER ...; END_FOR; SWAP n; STORE_FAST x...
// so at the FOR_ITER the stack ends [saved x..., accumulator, iterator].
// 3.15 take the iterator after the accumulator is in place:
//     <it>; LOAD_FAST_AND_CLEAR x...; SWAP n; BUILD_LIST 0; SWAP 2; GET_ITER; FOR_ITER ...
// (async: GET_AITER; GET_ANEXT ...)
bool FunctionDecompiler::is_inline_comprehension(int header, const Stack& stack) const {
  if (header < 4 || stack.size() < 3) return false;
  const Op before = function_.instrs[header - 1].op;
  const int late_iterator = (before == Op::GetIter || before == Op::GetAIter) && code_.version.minor >= 15 ? 1 : 0;
  const ir::Instr& swap = function_.instrs[header - 1 - late_iterator];
  const ir::Instr& build = function_.instrs[header - 2 - late_iterator];
  if (swap.op != Op::Swap || swap.arg != 2) return false;
  if (!((build.op == Op::BuildList || build.op == Op::BuildSet || build.op == Op::BuildMap) && build.arg == 0))
    return false;
  if (stack.back().kind != Value::Kind::Iterator) return false;
  return is_empty_display(stack[stack.size() - 2]) && is_saved_variable(stack[stack.size() - 3]);
}

void FunctionDecompiler::finish_inline_comprehension(int header, ast::StmtPtr loop, Stack& stack) {
  if (stack.empty() || !stack.back().accumulator) fail(header, "inlined comprehension lost its accumulator");
  const ast::ExprPtr& accumulator = stack.back().expr;
  std::string kind = "<listcomp>";
  if (ast::as<ast::Set>(accumulator)) kind = "<setcomp>";
  if (ast::as<ast::Dict>(accumulator)) kind = "<dictcomp>";
  ast::Body body{std::move(loop)};
  stack.back() = Value::of(comprehension_from_body(body, kind, nullptr, header));
  // Its cleanup handler (restore the saved variables, re-raise) is
  // transparent to the structuring: see ir/exception_regions.cpp.
}

}  // namespace depyf::decompile
