// f-strings. Before 3.12 (PEP 701) a replacement field may contain no
// backslash and no occurrence of the enclosing literal's quote, and format
// specs nest only one level deep. The printer therefore tries, in order:
//   1. an f-string valid under those old rules (valid in every version),
//      trying each of ' " ''' """ for every nesting level;
//   2. for a 3.12+ target, an f-string under the new rules (quotes reused,
//      backslashes allowed in fields);
//   3. an equivalent expression without f-string syntax:
//        f'a{x!r:>{w}}b'  ->  ('a' + format(repr(x), f'>{w}') + 'b')
//      format(v, spec) is exactly what a replacement field evaluates, and
//      !s/!r/!a are str()/repr()/ascii(); the value is the same (unless those
//      builtins are shadowed) but the bytecode is not, so this is the last
//      resort.
#include <optional>

#include "print/expr_printer.hpp"
#include "print/string_fields.hpp"
#include "text/python_repr.hpp"

namespace depyf::print {

using namespace depyf::ast;

namespace {

// The quote repr() would pick for the literal text, first; then the rest.
std::vector<Quote> candidate_quotes(const JoinedStr& js) {
  std::string literal;
  for (const auto& v : js.values) {
    if (const auto* c = as<ast::Constant>(v); c && c->value && c->value->kind == depyf::Constant::Kind::Str) {
      literal += c->value->text;
    }
  }
  const bool single = literal.find('\'') != std::string::npos;
  const bool dbl = literal.find('"') != std::string::npos;
  if (single && !dbl) return {Quote::Double, Quote::Single, Quote::TripleSingle, Quote::TripleDouble};
  return {Quote::Single, Quote::Double, Quote::TripleSingle, Quote::TripleDouble};
}

// The text of a JoinedStr made of string constants only.
std::optional<std::string> constant_text(const Expr& e) {
  const auto* js = as<JoinedStr>(&e);
  if (js == nullptr) return std::nullopt;
  std::string text;
  for (const auto& v : js->values) {
    const auto* c = str_constant(v);
    if (c == nullptr) return std::nullopt;
    text += c->value->text;
  }
  return text;
}

}  // namespace

void ExprPrinter::joined_str(std::string& out, const JoinedStr& js, Prec required) {
  // No line breaks in replacement fields: before 3.12 a field of a
  // single-quoted f-string cannot hold one.
  const auto no_breaks = breaks_.suppressed();
  const std::vector<Quote> quotes = candidate_quotes(js);
  auto try_quotes = [&](bool strict) {
    std::string attempt;
    for (Quote q : quotes) {
      attempt.clear();
      if (fstring_attempt(attempt, js, q, strict)) {
        out += attempt;
        return true;
      }
    }
    return false;
  };
  if (strings_.restricted() && !nested_fallback_allowed_) {
    // Nested in an enclosing f-string's field: give up rather than fall
    // back, so the enclosing f-string first tries its other quotes.
    if (!try_quotes(true)) failed_ = true;
    return;
  }
  const bool saved = nested_fallback_allowed_;
  for (bool allow_nested_fallback : {false, true}) {
    nested_fallback_allowed_ = allow_nested_fallback;
    if (try_quotes(true) || (new_fstring_rules() && try_quotes(false))) {
      nested_fallback_allowed_ = saved;
      return;
    }
  }
  nested_fallback_allowed_ = saved;
  fstring_fallback(out, js, required);
}

bool ExprPrinter::fstring_attempt(std::string& out, const JoinedStr& js, Quote quote, bool strict) {
  const bool saved_failed = failed_;
  failed_ = false;
  std::string body;
  bool ok = fstring_parts(body, js.values, quote, strict, false) && !failed_;
  failed_ = saved_failed;
  if (!ok) return false;

  const bool triple = quote == Quote::TripleSingle || quote == Quote::TripleDouble;
  if (!triple && body.find('\n') != std::string::npos) return false;
  std::string text = "f";
  text += quote_text(quote);
  text += body;
  text += quote_text(quote);
  // We may ourselves sit in an old-rules field of an enclosing f-string.
  if (strings_.no_backslash && text.find('\\') != std::string::npos) return false;
  for (const auto& closing : strings_.closing_quotes) {
    if (text.find(closing) != std::string::npos) return false;
  }
  out += text;
  return true;
}

bool ExprPrinter::fstring_parts(std::string& body, const std::vector<ExprPtr>& values, Quote quote, bool strict,
                                bool in_spec) {
  for (const auto& v : values) {
    if (const auto* c = str_constant(v)) {
      // Braces in a format spec would read as a nested field.
      if (in_spec && c->value->text.find_first_of("{}") != std::string::npos) return false;
      auto literal = requote_body(repr_str(c->value->text), quote, !strings_.no_backslash);
      if (!literal) return false;
      body += double_braces(*literal);
    } else if (const auto* field = as<FormattedValue>(v)) {
      if (!fstring_field(body, *field, quote, strict)) return false;
    } else if (const auto* nested = as<JoinedStr>(v)) {
      if (!fstring_parts(body, nested->values, quote, strict, in_spec)) return false;
    } else {
      return false;  // not something an f-string holds
    }
  }
  return true;
}

bool ExprPrinter::fstring_field(std::string& body, const FormattedValue& field, Quote quote, bool strict) {
  if (strict && strings_.spec_depth >= 2) return false;  // "f-string: expressions nested too deeply"
  const StringContext saved = strings_;
  if (strict) {
    strings_.no_backslash = true;
    strings_.closing_quotes.emplace_back(quote_text(quote));
  } else {
    strings_ = StringContext{};  // PEP 701: a field is ordinary code
  }
  // Or-level keeps any top-level `:` (lambda, walrus) and `!` out of the
  // field, where it would start a format spec or conversion.
  std::string text;
  expr(text, *field.value, Prec::Or);
  strings_ = saved;
  StringContext spec_context = saved;  // a format spec keeps the rules around the f-string
  spec_context.spec_depth++;
  return replacement_field(body, text, field.conversion, field.format_spec, quote, strict, spec_context);
}

bool ExprPrinter::replacement_field(std::string& body, const std::string& text, int conversion,
                                    const ExprPtr& format_spec, Quote quote, bool strict,
                                    const StringContext& spec_context) {
  body += '{';
  if (!text.empty() && text[0] == '{') body += ' ';  // `{{` would be a literal brace
  body += text;
  if (conversion > 0) {
    body += '!';
    body += static_cast<char>(conversion);
  }
  if (format_spec) {
    body += ':';
    const StringContext saved = strings_;
    strings_ = spec_context;
    bool ok = false;
    if (const auto* spec = as<JoinedStr>(format_spec)) {
      ok = fstring_parts(body, spec->values, quote, strict, true);
    } else if (str_constant(format_spec)) {
      ok = fstring_parts(body, {format_spec}, quote, strict, true);
    }
    strings_ = saved;
    if (!ok) return false;
  }
  body += '}';
  return true;
}

void ExprPrinter::fstring_fallback(std::string& out, const JoinedStr& js, Prec required) {
  std::vector<std::string> parts;
  for (const auto& v : js.values) {
    std::string part;
    if (const auto* c = str_constant(v)) {
      string_literal(part, repr_str(c->value->text));
    } else if (const auto* field = as<FormattedValue>(v)) {
      part += "format(";
      switch (field->conversion) {
        case 's': part += "str("; break;
        case 'r': part += "repr("; break;
        case 'a': part += "ascii("; break;
        default: break;
      }
      expr(part, *field->value, Prec::Test);
      if (field->conversion > 0) part += ')';
      if (field->format_spec) {
        part += ", ";
        if (auto literal = constant_text(*field->format_spec)) {
          string_literal(part, repr_str(*literal));  // a plain '>10' rather than f'>10'
        } else {
          expr(part, *field->format_spec, Prec::Test);
        }
      }
      part += ')';
    } else {
      expr(part, *v, Prec::Arith);
    }
    parts.push_back(std::move(part));
  }
  if (parts.empty()) {
    string_literal(out, repr_str(""));
    return;
  }
  const bool parenthesise = parts.size() > 1 && Prec::Arith < required;
  if (parenthesise) out += '(';
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += " + ";
    out += parts[i];
  }
  if (parenthesise) out += ')';
}

}  // namespace depyf::print
