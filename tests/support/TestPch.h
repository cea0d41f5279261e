// SPDX-License-Identifier: GPL-3.0-or-later
// The tests' precompiled header: the Qt and standard headers most tests include, compiled once
// for each set of Qt modules a test links (the QT_*_LIB macros decide what qtest.h itself pulls
// in, so a test may only reuse a header compiled with the same ones; tests/CMakeLists.txt groups
// them). Every test still includes what it uses: a build without precompiled headers
// (-DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON) must compile as well.
#pragma once

#include <QtTest>

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#ifdef QT_NETWORK_LIB
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpServer>
#include <QTcpSocket>
#endif

#ifdef QT_WIDGETS_LIB
#include <QtWidgets>
#endif
