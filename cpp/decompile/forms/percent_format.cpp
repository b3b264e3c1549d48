#include "decompile/forms/percent_format.hpp"

#include <algorithm>

#include "ast/factory.hpp"

namespace depyf::decompile {

namespace {

// Reads one conversion after a '%' at `pos` the way the optimizer does:
// flags, at most two width digits, '.' and at most two precision digits,
// then the conversion character, which must be s, r or a. (Format bytes
// are UTF-8: every character it looks for is ASCII.)
bool simple_conversion(std::string_view format, std::size_t& pos) {
  auto next = [&](char& c) {
    if (pos >= format.size()) return false;
    c = format[pos++];
    return true;
  };
  char c = 0;
  if (!next(c)) return false;
  while (c == '-' || c == '+' || c == ' ' || c == '#' || c == '0')
    if (!next(c)) return false;
  constexpr int max_digits = 3;  // the optimizer's MAXDIGITS: it gives up on the third digit
  if (c >= '0' && c <= '9') {
    for (int digits = 0; c >= '0' && c <= '9';) {
      if (!next(c) || ++digits >= max_digits) return false;
    }
  }
  if (c == '.') {
    if (!next(c)) return false;
    for (int digits = 0; c >= '0' && c <= '9';) {
      if (!next(c) || ++digits >= max_digits) return false;
    }
  }
  return c == 's' || c == 'r' || c == 'a';
}

}  // namespace

bool compiler_folds_percent_format(std::string_view format, std::size_t items) {
  std::size_t pos = 0, used = 0;
  while (true) {
    // Literal text; "%%" is a literal percent sign.
    while (pos < format.size()) {
      if (format[pos] != '%') {
        ++pos;
      } else if (pos + 1 < format.size() && format[pos + 1] == '%') {
        pos += 2;
      } else {
        break;
      }
    }
    if (pos >= format.size()) break;
    if (used >= items) return false;  // more conversions than items
    ++pos;                            // the '%'
    ++used;
    if (!simple_conversion(format, pos)) return false;
  }
  return used == items;
}

ast::ExprPtr unfoldable_format_operand(const ast::ExprPtr& left, const ast::ExprPtr& right,
                                       bool constant_tuple_is_display) {
  const auto* format = ast::as<ast::Constant>(left);
  if (format == nullptr || format->value->kind != Constant::Kind::Str) return left;
  if (const auto* items = ast::as<ast::Constant>(right);
      constant_tuple_is_display && items != nullptr && items->value->kind == Constant::Kind::Tuple) {
    if (items->value->items.empty() || !compiler_folds_percent_format(format->value->text, items->value->items.size()))
      return left;
    return ast::make::joined_str({left});
  }
  const auto* tuple = ast::as<ast::Tuple>(right);
  if (tuple == nullptr) return left;
  const bool starred = std::any_of(tuple->elts.begin(), tuple->elts.end(),
                                   [](const ast::ExprPtr& e) { return ast::as<ast::Starred>(e) != nullptr; });
  if (starred || !compiler_folds_percent_format(format->value->text, tuple->elts.size())) return left;
  return ast::make::joined_str({left});
}

}  // namespace depyf::decompile
