// SPDX-License-Identifier: GPL-3.0-or-later
#include "SyncSettingsDialog.h"
#include "FocusRing.h"
#include "ManualWindow.h"

#include "SyncController.h"
#include "ThemeText.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace LedgerCurator {

namespace {

constexpr int kTestTimeoutMs = 10000;

//! The server's error message from a JSON error body, else the reply's own error text.
QString errorMessage(QNetworkReply *reply, const QByteArray &body)
{
    const QJsonObject error
        = QJsonDocument::fromJson(body).object().value(QStringLiteral("error")).toObject();
    const QString message = error.value(QStringLiteral("message")).toString();
    return message.isEmpty() ? reply->errorString() : message;
}

} // namespace

SyncSettingsDialog::SyncSettingsDialog(SyncController &controller, QWidget *parent)
    : QDialog(parent)
    , m_controller(controller)
    , m_network(new QNetworkAccessManager(this))
{
    setObjectName(QStringLiteral("syncSettingsDialog"));
    Manual::setSection(this, QStringLiteral("sync"));
    setWindowTitle(tr("Sync Settings"));

    m_server = new QLineEdit(controller.serverUrl().toString(), this);
    m_server->setObjectName(QStringLiteral("serverUrlEdit"));
    m_server->setPlaceholderText(tr("https://ledger.example.org"));
    m_server->setClearButtonEnabled(true);
    m_serverProblem = new QLabel(this);
    m_serverProblem->setObjectName(QStringLiteral("serverUrlProblem"));
    m_serverProblem->setTextFormat(Qt::PlainText);
    setTextTone(m_serverProblem, TextTone::Error);
    m_serverProblem->setWordWrap(true);

    m_token = new QLineEdit(controller.token(), this);
    m_token->setObjectName(QStringLiteral("tokenEdit"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("The token printed by \"ledger-server token add\""));
    m_tokenStore = new QLabel(this);
    m_tokenStore->setObjectName(QStringLiteral("tokenStoreLabel"));
    m_tokenStore->setTextFormat(Qt::PlainText);
    m_tokenStore->setWordWrap(true);
    m_tokenStore->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    QFont small = m_tokenStore->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_tokenStore->setFont(small);
    showTokenStore();
    connect(
        &controller, &SyncController::keyringChecked, this, &SyncSettingsDialog::showTokenStore);
    controller.checkKeyring();

    m_interval = new QSpinBox(this);
    m_interval->setObjectName(QStringLiteral("intervalSpin"));
    m_interval->setRange(0, 24 * 60);
    m_interval->setSpecialValueText(tr("Off"));
    m_interval->setSuffix(tr(" min"));
    m_interval->setValue(controller.intervalMinutes());
    m_interval->setToolTip(
        tr("Sync every so many minutes while the app is open (0: only when you ask)."));

    m_test = new QPushButton(tr("&Test Connection"), this);
    m_test->setObjectName(QStringLiteral("testConnectionButton"));
    m_testResult = new QLabel(this);
    m_testResult->setObjectName(QStringLiteral("testResult"));
    m_testResult->setAccessibleName(tr("Connection test result"));
    m_testResult->setTextFormat(Qt::PlainText);
    m_testResult->setWordWrap(true);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("buttonBox"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Server URL:"), m_server);
    form->addRow(QString(), m_serverProblem);
    form->addRow(tr("T&oken:"), m_token);
    form->addRow(QString(), m_tokenStore);
    m_form = form;
    form->addRow(tr("Sync &every:"), m_interval);
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(testRow);
    layout->addWidget(m_testResult);
    layout->addStretch();
    layout->addWidget(m_buttons);
    resize(560, sizeHint().height());

    connect(m_server, &QLineEdit::textChanged, this, &SyncSettingsDialog::validate);
    connect(m_token, &QLineEdit::textChanged, this, &SyncSettingsDialog::validate);
    connect(m_test, &QPushButton::clicked, this, &SyncSettingsDialog::testConnection);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SyncSettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SyncSettingsDialog::reject);
    validate();
    addFocusRings(this); // its lists and tables show when they have the focus
    keepPlaceholdersReadable(this);
}

SyncSettingsDialog::~SyncSettingsDialog()
{
    if (m_reply)
        m_reply->abort();
}

void SyncSettingsDialog::showTokenStore()
{
    if (!m_controller.isKeyringChecked())
        m_tokenStore->setText(tr("Looking for the system keyring..."));
    else if (m_controller.keyringAvailable())
        m_tokenStore->setText(tr("The token is stored in the system keyring."));
    else
        m_tokenStore->setText(
            tr("No system keyring is available: the token is stored in a file readable only "
               "by you, %1.")
                // On a line of its own: a long path otherwise wraps after a "/" of its own.
                .arg(u'\n' + QDir::toNativeSeparators(m_controller.tokenFilePath())));
    m_tokenStore->setToolTip(m_controller.isKeyringChecked() && !m_controller.keyringAvailable()
            ? tr("The keyring said: %1").arg(m_controller.keyringProblem())
            : tr("The token is never written to the settings file."));
    fitHeight();
}

void SyncSettingsDialog::fitHeight()
{
    // Wrapped labels grow when their text does: make room rather than clip them.
    if (layout())
        layout()->activate();
    const int needed = heightForWidth(width());
    if (needed > height())
        resize(width(), needed);
}

void SyncSettingsDialog::validate()
{
    const QString problem = SyncController::serverUrlProblem(m_server->text());
    m_serverProblem->setText(problem);
    m_form->setRowVisible(m_serverProblem, !problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
    m_test->setEnabled(problem.isEmpty() && !m_server->text().trimmed().isEmpty());
}

void SyncSettingsDialog::accept()
{
    if (!SyncController::serverUrlProblem(m_server->text()).isEmpty())
        return;
    const QString text = m_server->text().trimmed();
    m_controller.configure(text.isEmpty() ? QUrl() : QUrl(text, QUrl::StrictMode), m_token->text(),
        m_interval->value());
    QDialog::accept();
}

QUrl SyncSettingsDialog::endpoint(const QString &path) const
{
    QUrl url
        = QUrl(m_server->text().trimmed(), QUrl::StrictMode).adjusted(QUrl::StripTrailingSlash);
    url.setPath(url.path(QUrl::FullyEncoded) + path, QUrl::StrictMode);
    return url;
}

void SyncSettingsDialog::showTestResult(bool ok, const QString &text)
{
    m_testResult->setText(text);
    setTextTone(m_testResult, ok ? TextTone::Success : TextTone::Error);
    fitHeight();
    validate();
    Q_EMIT connectionTested(ok);
}

void SyncSettingsDialog::testConnection()
{
    if (m_reply)
        m_reply->abort();
    const int generation = ++m_testGeneration;
    m_test->setEnabled(false);
    setTextTone(m_testResult, TextTone::Normal);
    m_testResult->setText(tr("Connecting..."));

    QNetworkRequest health(endpoint(QStringLiteral("/v1/health")));
    health.setTransferTimeout(kTestTimeoutMs);
    m_reply = m_network->get(health);
    QNetworkReply *healthReply = m_reply;
    connect(healthReply, &QNetworkReply::finished, this, [this, healthReply, generation] {
        healthReply->deleteLater();
        if (generation != m_testGeneration)
            return;
        const QByteArray body = healthReply->readAll();
        const int status = healthReply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QJsonObject json = QJsonDocument::fromJson(body).object();
        if (healthReply->error() != QNetworkReply::NoError && status == 0) {
            showTestResult(false,
                tr("Cannot reach %1: %2")
                    .arg(healthReply->url().toString(), healthReply->errorString()));
            return;
        }
        if (status != 200 || json.value(QStringLiteral("status")).toString() != u"ok") {
            showTestResult(false,
                tr("%1 is not a ledger-server (HTTP %2).")
                    .arg(healthReply->url().toString())
                    .arg(status));
            return;
        }
        const QString version = json.value(QStringLiteral("version")).toString();
        const QString token = m_token->text().trimmed();
        if (token.isEmpty()) {
            showTestResult(false,
                tr("The server answers (ledger-server %1), but no token is entered.").arg(version));
            return;
        }
        QNetworkRequest records(endpoint(QStringLiteral("/v1/records")));
        records.setTransferTimeout(kTestTimeoutMs);
        records.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        m_reply = m_network->get(records);
        QNetworkReply *recordsReply = m_reply;
        connect(recordsReply, &QNetworkReply::finished, this,
            [this, recordsReply, generation, version] {
                recordsReply->deleteLater();
                if (generation != m_testGeneration)
                    return;
                const QByteArray body = recordsReply->readAll();
                const int status
                    = recordsReply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                if (status == 401 || status == 403) {
                    showTestResult(false,
                        tr("The server answers (ledger-server %1), but refused the token: %2")
                            .arg(version, errorMessage(recordsReply, body)));
                    return;
                }
                if (status != 200) {
                    showTestResult(false,
                        tr("The server answers (ledger-server %1), but listing the records failed: "
                           "%2")
                            .arg(version, errorMessage(recordsReply, body)));
                    return;
                }
                const qsizetype count = QJsonDocument::fromJson(body)
                                            .object()
                                            .value(QStringLiteral("records"))
                                            .toArray()
                                            .size();
                showTestResult(true,
                    count == 1
                        ? tr("Connected to ledger-server %1; the token is accepted; 1 record on "
                             "the server.")
                              .arg(version)
                        : tr("Connected to ledger-server %1; the token is accepted; %Ln records "
                             "on the server.",
                            nullptr, int(count))
                              .arg(version));
            });
    });
}

} // namespace LedgerCurator
