// Versions, source and bytecode shapes: see template_strings.hpp.
#include "decompile/forms/template_strings.hpp"

#include <optional>
#include <string>
#include <vector>

namespace depyf::decompile {

namespace make = ast::make;

namespace {

// The literal parts as strings: a folded tuple constant, or a tuple display
// of string constants.
std::optional<std::vector<std::string>> literal_parts(const ast::ExprPtr& strings) {
  std::vector<std::string> parts;
  if (const auto* constant = ast::as<ast::Constant>(strings)) {
    if (!constant->value || constant->value->kind != Constant::Kind::Tuple) return std::nullopt;
    for (const auto& item : constant->value->items) {
      if (!item || item->kind != Constant::Kind::Str) return std::nullopt;
      parts.push_back(item->text);
    }
    return parts;
  }
  if (const auto* display = ast::as<ast::Tuple>(strings)) {
    for (const auto& item : display->elts) {
      const auto* constant = ast::as<ast::Constant>(item);
      if (!constant || !constant->value || constant->value->kind != Constant::Kind::Str) return std::nullopt;
      parts.push_back(constant->value->text);
    }
    return parts;
  }
  return std::nullopt;
}

// The interpolations: a tuple display of them, or the empty tuple constant
// of a template without fields.
std::optional<std::vector<ast::ExprPtr>> interpolation_items(const ast::ExprPtr& interpolations) {
  if (const auto* display = ast::as<ast::Tuple>(interpolations)) {
    for (const auto& item : display->elts) {
      if (!ast::as<ast::Interpolation>(item)) return std::nullopt;
    }
    return display->elts;
  }
  if (const auto* constant = ast::as<ast::Constant>(interpolations)) {
    if (constant->value && constant->value->kind == Constant::Kind::Tuple && constant->value->items.empty()) {
      return std::vector<ast::ExprPtr>{};
    }
  }
  return std::nullopt;
}

}  // namespace

ast::ExprPtr interpolation_from_stack(ast::ExprPtr value, ast::ExprPtr source_text, ast::ExprPtr spec, int oparg) {
  static constexpr int kConversions[] = {-1, 's', 'r', 'a'};
  const int conversion = kConversions[(oparg >> 2) & 3];
  // A spec is a JoinedStr in the AST; a constant or a single field arrives alone.
  if (spec && !ast::as<ast::JoinedStr>(spec)) spec = make::joined_str({spec});
  return make::interpolation(std::move(value), std::move(source_text), conversion, std::move(spec));
}

ast::ExprPtr template_from_parts(const ast::ExprPtr& strings, const ast::ExprPtr& interpolations) {
  auto parts = literal_parts(strings);
  auto fields = interpolation_items(interpolations);
  if (!parts || !fields || parts->size() != fields->size() + 1) return nullptr;
  std::vector<ast::ExprPtr> values;
  for (std::size_t i = 0; i < parts->size(); ++i) {
    if (!(*parts)[i].empty()) values.push_back(make::constant(Constant::make_str((*parts)[i])));
    if (i < fields->size()) values.push_back((*fields)[i]);
  }
  return make::template_str(std::move(values));
}

}  // namespace depyf::decompile
