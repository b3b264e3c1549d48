// What the compiler adds to every class body, and only that, is left out of
// the decompiled class:
//   - first, `__module__ = __name__` and `__qualname__ = 'Name'`, then 3.13's
//     `__firstlineno__ = N`;
//   - last, 3.13's `__static_attributes__ = (...)` and the class cell,
//     `__classcell__ = __class__` (read as a walrus in `return __class__`):
//     class_return_value drops them with each copy of the class's exit.
// The same names assigned by the source are kept: zoneinfo's ZoneInfo writes
// `__module__ = "zoneinfo"` so that pickle finds it under the package, and
// dropping it changed what pickling does.
#include "ast/factory.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool is_module_name(const ast::ExprPtr& value) {
  return ast::is_name(value, "__name__");
}

bool is_constant(const ast::ExprPtr& value) {
  return ast::as<ast::Constant>(value) != nullptr;
}

bool is_class_cell(const ast::ExprPtr& value) {
  return ast::is_name(value, "__class__");
}

// The class cell a class body returns: `__class__`, stored on the way as
// `(__classcell__ := __class__)`.
bool is_class_cell_return(const ast::ExprPtr& value) {
  if (auto* named = ast::as<ast::NamedExpr>(value))
    return ast::is_name(named->target, "__classcell__") && is_class_cell(named->value);
  return is_class_cell(value);
}

}  // namespace

// A class body cannot return: its every RETURN_VALUE is the compiler's exit,
// which 3.10+ copy into the branches (and loops) that reach the end, each
// copy with the stores before it (3.13's `__static_attributes__`, 3.12+
// generic classes' `__classdictcell__`): 3.10+ test_socket's
// InterruptedTimeoutBase ends in if/else. Read each as `return None`, which
// finish_body strips (or a loop reads as `break`), leaving the stores out.
ast::ExprPtr FunctionDecompiler::class_return_value(ast::ExprPtr value, ast::Body& out) const {
  if (kind_ != CodeKind::Class || !(is_none_constant(value) || is_class_cell_return(value))) return value;
  // (Backwards: the cell of a generic class's dict, then the attributes;
  // one each, the source may assign the names too.)
  if (code_.version.minor >= 12 && !out.empty() && ast::assignment_to_name(out.back(), "__classdictcell__")) out.pop_back();
  if (code_.version.minor >= 13 && !out.empty()) {
    const ast::Assign* store = ast::assignment_to_name(out.back(), "__static_attributes__");
    if (store && is_constant(store->value)) out.pop_back();
  }
  return ast::make::none();
}

void FunctionDecompiler::drop_class_bookkeeping(ast::Body& body) const {
  std::size_t leading = 0;
  auto leads_with = [&](const char* name, bool (*value_matches)(const ast::ExprPtr&)) {
    if (leading >= body.size()) return;
    auto* assign = ast::assignment_to_name(body[leading], name);
    if (assign && value_matches(assign->value)) ++leading;
  };
  leads_with("__module__", is_module_name);
  leads_with("__qualname__", is_constant);
  leads_with("__firstlineno__", is_constant);
  body.erase(body.begin(), body.begin() + static_cast<std::ptrdiff_t>(leading));
  // (A generic class stores its `__classdictcell__` last: out first.)
  drop_generic_class_bookkeeping(body);

  // The trailing ones come just before the final `return __class__` (or
  // the implicit return, already stripped).
  std::size_t end = body.size();
  if (end > 0 && ast::as<ast::Return>(body[end - 1])) --end;
  auto drop_last = [&](const char* name, bool (*value_matches)(const ast::ExprPtr&)) {
    if (end == 0) return;
    auto* assign = ast::assignment_to_name(body[end - 1], name);
    if (assign == nullptr || !value_matches(assign->value)) return;
    body.erase(body.begin() + static_cast<std::ptrdiff_t>(end - 1));
    --end;
  };
  drop_last("__classcell__", is_class_cell);
  // (3.13's `__static_attributes__` went with the exit, class_return_value.)
}

}  // namespace depyf::decompile
