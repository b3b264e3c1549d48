// The expression and pattern printer behind print_expr / print_stmt
// (internal header). Text is appended to a caller's string; f-strings render
// candidates into scratch strings and keep the first valid one.
#pragma once

#include <string>
#include <vector>

#include "ast/nodes_expr.hpp"
#include "ast/nodes_pattern.hpp"
#include "ast/nodes_stmt.hpp"
#include "print/line_breaks.hpp"
#include "print/precedence.hpp"
#include "print/print_options.hpp"
#include "print/string_literal.hpp"

namespace depyf::print {

class ExprPrinter {
 public:
  explicit ExprPrinter(const PrintOptions& options) : options_(options) {}

  const PrintOptions& options() const { return options_; }

  // `e` with parentheses if its precedence is below `required`.
  void expr(std::string& out, const ast::Expr& e, Prec required);
  // A display item, call argument or condition: like expr(.., Test) but a
  // walrus stays bare, as Python's grammar allows there.
  void element(std::string& out, const ast::Expr& e);
  std::string to_string(const ast::Expr& e, Prec required) {
    std::string out;
    expr(out, e, required);
    return out;
  }

  // Parameter lists of def (with annotations) and lambda (without).
  void arguments(std::string& out, const ast::Arguments& args, bool annotations);
  // `[T: int, *Ts, **P]`, nothing when empty.
  void type_params(std::string& out, const std::vector<ast::TypeParam>& params);
  // Base classes and keywords of a class, or call arguments (no parentheses).
  void call_arguments(std::string& out, const std::vector<ast::ExprPtr>& args,
                      const std::vector<ast::Keyword>& keywords);

  void pattern(std::string& out, const ast::Pattern& p, PatternPrec required);

  // An identifier as written in the source: un-mangled inside a printed
  // class (see private_names.hpp). `private_prefix` is that class's
  // mangling prefix; the statement printer sets it around class bodies.
  std::string source_name(const std::string& name) const;
  std::string& private_prefix() { return private_prefix_; }

  // Where expressions break lines (line_breaks.hpp); the statement printer
  // starts each logical line.
  LineBreaks& line_breaks() { return breaks_; }

 private:
  // The rules that nested literals must follow: inside an f-string
  // replacement field before 3.12 no backslash may appear and the enclosing
  // literals' closing quotes may not appear at all.
  struct StringContext {
    bool no_backslash = false;
    std::vector<std::string> closing_quotes;
    int spec_depth = 0;  // format specs enclosing us (3.8-3.11 allow one level)
    bool restricted() const { return no_backslash || !closing_quotes.empty(); }
  };

  Prec precedence(const ast::Expr& e) const;
  void expr_unparenthesised(std::string& out, const ast::Expr& e);

  void constant(std::string& out, const depyf::Constant& c);
  void constant_items(std::string& out, const depyf::Constant& c, const char* open, const char* close, bool one_tuple);
  void string_literal(std::string& out, const std::string& repr);
  void tuple_items(std::string& out, const std::vector<ast::ExprPtr>& elts, bool slices_allowed);
  void item_separator(std::string& out, bool& first, const ast::Expr& item);
  void subscript_slice(std::string& out, const ast::Expr& slice);
  void comprehensions(std::string& out, const ast::Expr& element, const std::vector<ast::Comprehension>& generators);
  void bool_op(std::string& out, const ast::BoolOp& e);
  // An and/or outside any brackets: parenthesised when it breaks a line.
  void bool_op_outside_brackets(std::string& out, const ast::BoolOp& e);
  void slice(std::string& out, const ast::Slice& s);

  // f-strings (fstring_printer.cpp)
  void joined_str(std::string& out, const ast::JoinedStr& js, Prec required);
  bool fstring_attempt(std::string& out, const ast::JoinedStr& js, Quote quote, bool strict);
  bool fstring_parts(std::string& body, const std::vector<ast::ExprPtr>& values, Quote quote, bool strict,
                     bool in_spec);
  bool fstring_field(std::string& body, const ast::FormattedValue& field, Quote quote, bool strict);
  void fstring_fallback(std::string& out, const ast::JoinedStr& js, Prec required);

  // t-strings (template_str_printer.cpp)
  void template_str(std::string& out, const ast::TemplateStr& ts);
  bool template_attempt(std::string& out, const ast::TemplateStr& ts, Quote quote);
  bool interpolation_field(std::string& body, const ast::Interpolation& field, Quote quote);
  // `{text!c:spec}` of an f-string or t-string field whose expression is `text`; the
  // spec is printed under `spec_context`. False where the spec cannot be written.
  bool replacement_field(std::string& body, const std::string& text, int conversion, const ast::ExprPtr& format_spec,
                         Quote quote, bool strict, const StringContext& spec_context);

  bool new_fstring_rules() const { return options_.target >= PythonVersion{3, 12}; }

  const PrintOptions& options_;
  std::string private_prefix_;
  LineBreaks breaks_;
  StringContext strings_;
  bool failed_ = false;  // a nested literal could not meet strings_
  // Whether an f-string nested in a field may use the format() fallback;
  // the enclosing f-string first tries all its quotes without that.
  bool nested_fallback_allowed_ = false;
};

}  // namespace depyf::print
