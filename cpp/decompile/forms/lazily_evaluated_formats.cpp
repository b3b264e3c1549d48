// Versions: 3.14+ (PEP 649/749 applied to PEP 695's lazily evaluated values).
// Source: a bound, constraints or default of a type parameter, or the value
// of a type alias: `def f[T: int]()`, `type A = list[int]`.
// Bytecode: the function that evaluates it takes the annotation format, as
// __annotate__ does, with 1 (VALUE) as its default, and refuses the others:
//   LOAD_CONST (1,); LOAD_CONST <code T>; MAKE_FUNCTION;
//   SET_FUNCTION_ATTRIBUTE 1 (defaults)
//   <code T>(.format): LOAD_FAST .format; LOAD_SMALL_INT 2; COMPARE_OP >;
//     POP_JUMP_IF_FALSE L; NOT_TAKEN; LOAD_COMMON_CONSTANT NotImplementedError;
//     RAISE_VARARGS 1; L: <value>; RETURN_VALUE
// Read back, the check is dropped and the value is what the function returns.
#include <algorithm>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool is_value_format_default(const ast::ExprPtr& defaults) {
  const auto* constant = ast::as<ast::Constant>(defaults);
  if (constant && constant->value && constant->value->kind == Constant::Kind::Tuple &&
      constant->value->items.size() == 1) {
    const auto& item = constant->value->items[0];
    return item && item->kind == Constant::Kind::Int && item->text == "1";
  }
  const auto* display = ast::as<ast::Tuple>(defaults);
  if (!display || display->elts.size() != 1) return false;
  const auto* item = ast::as<ast::Constant>(display->elts[0]);
  return item && item->value && item->value->kind == Constant::Kind::Int && item->value->text == "1";
}

}  // namespace

ast::ExprPtr FunctionDecompiler::format_taking_lazy_value(const Value& value, int index) {
  if (code_.version.minor < 14 || value.kind != Value::Kind::Function || !value.function) return nullptr;
  const FunctionValue& function = *value.function;
  if (!value.decorators.empty() || !is_value_format_default(function.defaults) || function.kwdefaults ||
      function.annotations || function.type_alias || !function.type_params.empty())
    return nullptr;
  const CodeObject& code = *function.code;
  if (code.argcount != 1 || code.varnames.empty() || code.varnames[0] != ".format") return nullptr;
  // The refusal of other formats: LOAD_FAST .format; 2; COMPARE_OP >;
  // POP_JUMP_IF_FALSE value; NotImplementedError; RAISE_VARARGS 1; then the
  // value, straight-line code (as before 3.14).
  FunctionDecompiler lazy(code, options_);
  lazy.kind_ = CodeKind::Lambda;
  const auto& instrs = lazy.function_.instrs;
  int jump = 0;
  while (jump < int(instrs.size()) && !ir::is_conditional_jump(instrs[jump].op)) ++jump;
  if (jump >= int(instrs.size()) || jump > 4 || instrs[0].op != ir::Op::LoadFast || instrs[0].name != ".format")
    fail(index, "a lazily evaluated value without its check of the format");
  const int from = instrs[jump].target;
  if (from <= jump || from >= int(instrs.size()) || instrs[from - 1].op != ir::Op::RaiseVarargs)
    fail(index, "a lazily evaluated value without its check of the format");
  const bool straight = std::all_of(instrs.begin() + from, instrs.end(),
                                    [](const ir::Instr& instr) { return instr.target < 0 && instr.handler < 0; });
  if (straight) return lazy.straight_line_value(from);
  // (A conditional value: the walk, the refusal its first statement.)
  ast::Body body = lazy.run();
  if (body.size() >= 2)
    if (ast::ExprPtr returned = returned_expression(body.begin() + 1, body.end())) return returned;
  fail(index, "a lazily evaluated value that is not one expression");
}

}  // namespace depyf::decompile
