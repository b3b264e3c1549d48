// What the compiler adds to every class body, and only that, is left out of
// the decompiled class:
//   - first, `__module__ = __name__` and `__qualname__ = 'Name'`, then 3.13's
//     `__firstlineno__ = N`;
//   - last, 3.13's `__static_attributes__ = (...)` and the class cell,
//     `__classcell__ = __class__` (3.12+ reads it as a walrus in the final
//     `return __class__`, which finish_body drops).
// The same names assigned by the source are kept: zoneinfo's ZoneInfo writes
// `__module__ = "zoneinfo"` so that pickle finds it under the package, and
// dropping it changed what pickling does.
#include "decompile/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool is_module_name(const ast::ExprPtr& value) {
  auto* name = ast::as<ast::Name>(value);
  return name && name->id == "__name__";
}

bool is_constant(const ast::ExprPtr& value) {
  return ast::as<ast::Constant>(value) != nullptr;
}

bool is_class_cell(const ast::ExprPtr& value) {
  auto* name = ast::as<ast::Name>(value);
  return name && name->id == "__class__";
}

}  // namespace

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
  // (Before 3.13 the name is the source's own.)
  if (code_.version.minor >= 13) drop_last("__static_attributes__", is_constant);
}

}  // namespace depyf::decompile
