// A class statement with `*` bases or `**` keywords (`class C(B, **m)`,
// `class C(*bases)`) calls __build_class__ by CALL_FUNCTION_EX: the class
// body function and the name go into the positional tuple (BUILD_TUPLE, or
// 3.9+ BUILD_LIST then LIST_EXTEND/LIST_TO_TUPLE; 3.8 BUILD_TUPLE then
// BUILD_TUPLE_UNPACK_WITH_CALL), every version. The function is no value
// the source could write: the tuple holds a placeholder for it and the
// call takes the function back.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

constexpr const char* kClassBody = "__depyf_class_body__";

}  // namespace

// At a BUILD_TUPLE/BUILD_LIST of `count` items: the first item a function
// right above LOAD_BUILD_CLASS's marker (3.13: and the NULL pushed after
// it) is the class body of a CALL_FUNCTION_EX to come; swap it for the
// placeholder.
void FunctionDecompiler::hold_class_body(int count, Stack& stack) {
  if (count < 2 || int(stack.size()) < count + 1) return;
  const std::size_t below = stack.size() - count - 1;
  Value& first = stack[below + 1];
  const bool after_null = stack[below].kind == Value::Kind::Null && below > 0;
  if (first.kind != Value::Kind::Function || stack[after_null ? below - 1 : below].kind != Value::Kind::BuildClass)
    return;
  held_class_bodies_.push_back(first.function);
  first = Value::of(ast::make::name(kClassBody));
}

// The __build_class__ call made by CALL_FUNCTION_EX: its arguments start
// with the held function's placeholder and the name.
Value FunctionDecompiler::class_definition_call(const std::shared_ptr<ast::Call>& call, int index) {
  auto* body = call->args.empty() ? nullptr : ast::as<ast::Name>(call->args[0]);
  if (body == nullptr || body->id != kClassBody || call->args.size() < 2 || held_class_bodies_.empty())
    fail(index, "__build_class__ called without a class body");
  Value result = Value::of(call);
  result.function = held_class_bodies_.back();
  held_class_bodies_.pop_back();
  result.class_definition = true;
  return result;
}

}  // namespace depyf::decompile
