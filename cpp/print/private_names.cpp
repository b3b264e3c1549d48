#include "print/private_names.hpp"

namespace depyf::print {

std::string mangling_prefix(const std::string& class_name) {
  const auto first = class_name.find_first_not_of('_');
  return first == std::string::npos ? std::string() : class_name.substr(first);
}

std::string unmangle(const std::string& name, const std::string& prefix) {
  if (prefix.empty()) return name;
  const std::string head = "_" + prefix + "__";
  if (name.size() <= head.size() || name.compare(0, head.size(), head) != 0) return name;
  std::string written = name.substr(head.size() - 2);  // keeps the "__"
  // The compiler leaves dunders and dotted (module) names alone, so such a
  // spelling cannot have come from mangling.
  const bool dunder = written.size() >= 4 && written.compare(written.size() - 2, 2, "__") == 0;
  if (dunder || written.find('.') != std::string::npos) return name;
  return written;
}

}  // namespace depyf::print
