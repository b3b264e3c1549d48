// t-strings (3.14+, PEP 750). They exist only under PEP 701's rules, so a
// replacement field is ordinary code (any quote, backslashes, line breaks).
// Each interpolation's expression is printed as the source text the
// compiler kept for it (ast.Interpolation.str, a constant of the code
// object): that text is what recompiling must store again, whitespace
// included, and it parses to the value the bytecode computes. Only where
// it is missing is the decompiled expression printed instead. A debug field
// `{x = }` needs no special form: the compiler already moved its `x = ` into
// the preceding literal and set the conversion, so `x = {x !r}` compiles
// to the same template.
#include "print/expr_printer.hpp"
#include "print/string_fields.hpp"
#include "text/python_repr.hpp"

namespace depyf::print {

using namespace depyf::ast;

void ExprPrinter::template_str(std::string& out, const TemplateStr& ts) {
  const auto no_breaks = breaks_.suppressed();
  std::string attempt;
  for (Quote quote : {Quote::Single, Quote::Double, Quote::TripleSingle, Quote::TripleDouble}) {
    attempt.clear();
    if (template_attempt(attempt, ts, quote)) {
      out += attempt;
      return;
    }
  }
  failed_ = true;  // no t-string spelling fits where we are (an old-rules field around us)
  out += "t''";
}

bool ExprPrinter::template_attempt(std::string& out, const TemplateStr& ts, Quote quote) {
  const bool saved_failed = failed_;
  failed_ = false;
  std::string body;
  bool ok = true;
  for (const auto& v : ts.values) {
    if (const auto* c = str_constant(v)) {
      auto literal = requote_body(repr_str(c->value->text), quote, true);
      if (!literal) {
        ok = false;
        break;
      }
      body += double_braces(*literal);
    } else if (const auto* field = as<Interpolation>(v)) {
      if (!interpolation_field(body, *field, quote)) {
        ok = false;
        break;
      }
    } else {
      ok = false;  // not something a t-string holds
      break;
    }
  }
  ok = ok && !failed_;
  failed_ = saved_failed;
  if (!ok) return false;
  const bool triple = quote == Quote::TripleSingle || quote == Quote::TripleDouble;
  std::string text = "t";
  text += quote_text(quote);
  text += body;
  text += quote_text(quote);
  // A single-quoted literal part cannot hold a line break; one inside a
  // field's source text is fine, but keep it simple and whole: triple quotes.
  if (!triple && body.find('\n') != std::string::npos) return false;
  if (strings_.no_backslash && text.find('\\') != std::string::npos) return false;
  for (const auto& closing : strings_.closing_quotes) {
    if (text.find(closing) != std::string::npos) return false;
  }
  out += text;
  return true;
}

bool ExprPrinter::interpolation_field(std::string& body, const Interpolation& field, Quote quote) {
  std::string text;
  if (const auto* source = str_constant(field.str); source && !source->value->text.empty()) {
    text = source->value->text;
  } else {
    const StringContext saved = strings_;
    strings_ = StringContext{};
    expr(text, *field.value, Prec::Or);  // keeps a top-level `:` or `!` out of the field
    strings_ = saved;
  }
  // t-strings exist only under PEP 701: the spec is ordinary code whatever is around.
  StringContext spec_context;
  spec_context.spec_depth = strings_.spec_depth + 1;
  return replacement_field(body, text, field.conversion, field.format_spec, quote, false, spec_context);
}

}  // namespace depyf::print
