// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QPointer>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QNetworkAccessManager;
class QNetworkReply;
class QPushButton;
class QSpinBox;

namespace LedgerCurator {

class SyncController;

//! The server URL, the token and the interval of automatic syncs, with a connection test.
//! Accepting stores them through the controller (the token in the keyring, else a 0600 file).
class SyncSettingsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncSettingsDialog)

public:
    explicit SyncSettingsDialog(SyncController &controller, QWidget *parent = nullptr);
    ~SyncSettingsDialog() override;

    void accept() override;

Q_SIGNALS:
    //! The connection test has shown its result.
    void connectionTested(bool ok);

private:
    void validate();
    void showTokenStore();
    void fitHeight();
    void testConnection();
    void showTestResult(bool ok, const QString &text);
    QUrl endpoint(const QString &path) const;

    SyncController &m_controller;
    QFormLayout *m_form = nullptr;
    QLineEdit *m_server = nullptr;
    QLabel *m_serverProblem = nullptr;
    QLineEdit *m_token = nullptr;
    QLabel *m_tokenStore = nullptr;
    QSpinBox *m_interval = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_testResult = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply; // the test request in flight
    int m_testGeneration = 0;
};

} // namespace LedgerCurator
