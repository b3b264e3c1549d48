// Annotated assignments at module and class level.
//
// `x: T = v` compiles to `v; STORE x; T; LOAD __annotations__; LOAD_CONST 'x';
// STORE_SUBSCR` (just the annotation part for `x: T`), with SETUP_ANNOTATIONS
// at the start of the body. Written back as an annotated assignment, the
// body gets its SETUP_ANNOTATIONS again; `x = v` followed by `x: T` compiles
// the same as `x: T = v`, so the two are merged.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

const std::string* string_constant(const ast::ExprPtr& expr) {
  auto* constant = ast::as<ast::Constant>(expr);
  return constant && constant->value->kind == Constant::Kind::Str ? &constant->value->text : nullptr;
}

bool is_identifier(const std::string& text) {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0]))) return false;
  // Non-ASCII bytes are UTF-8 of identifier characters in what a compiler
  // stored; a key that is not an identifier came from a literal subscript.
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
  });
}

}  // namespace

ast::ExprPtr FunctionDecompiler::annotation_source(const ast::ExprPtr& annotation) const {
  if (!(code_.flags & kFlagFutureAnnotations)) return annotation;
  const std::string* text = string_constant(annotation);
  // The text is what ast.unparse gave for the annotation, so it is source
  // of one expression; a name node prints it verbatim.
  return text ? make::name(*text) : annotation;
}

bool FunctionDecompiler::store_annotation(int index, const ast::ExprPtr& owner, const ast::ExprPtr& key,
                                          const ast::ExprPtr& annotation, ast::Body& out) {
  if (kind_ != CodeKind::Module && kind_ != CodeKind::Class) return false;
  auto* dict = ast::as<ast::Name>(owner);
  const std::string* name = string_constant(key);
  if (dict == nullptr || dict->id != "__annotations__" || name == nullptr || !is_identifier(*name)) return false;
  const bool set_up = std::any_of(function_.instrs.begin(), function_.instrs.end(),
                                  [](const ir::Instr& instr) { return instr.op == ir::Op::SetupAnnotations; });
  if (!set_up) return false;
  ast::ExprPtr value;
  if (!out.empty()) {
    auto* assign = ast::as<ast::Assign>(out.back());
    auto* target = assign && assign->targets.size() == 1 ? ast::as<ast::Name>(assign->targets[0]) : nullptr;
    if (target && target->id == *name) {
      value = assign->value;
      out.pop_back();
    }
  }
  emit(out, make::ann_assign(make::name(*name, ast::ExprContext::Store), annotation_source(annotation), value), index);
  return true;
}

}  // namespace depyf::decompile
