// Pieces f-strings (fstring_printer.cpp) and t-strings (template_str_printer.cpp)
// both print with: a literal's braces doubled, and a str constant among the parts.
#pragma once

#include <string>

#include "ast/nodes_expr.hpp"

namespace depyf::print {

// `{` and `}` of literal text doubled, as a replacement-field string needs them.
inline std::string double_braces(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    out += ch;
    if (ch == '{' || ch == '}') out += ch;
  }
  return out;
}

// The node if `e` is a str constant, else nullptr.
inline const ast::Constant* str_constant(const ast::ExprPtr& e) {
  const auto* c = ast::as<ast::Constant>(e);
  return c && c->value && c->value->kind == depyf::Constant::Kind::Str ? c : nullptr;
}

}  // namespace depyf::print
