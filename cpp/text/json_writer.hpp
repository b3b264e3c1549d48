// Minimal JSON output helpers (strings escaped as Python's json.dumps with
// ensure_ascii=False would, so tools can compare with json.loads).
#pragma once

#include <string>
#include <string_view>

namespace depyf {

void append_json_string(std::string& out, std::string_view utf8);

}  // namespace depyf
