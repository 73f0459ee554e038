import { App as AntApp, ConfigProvider, Layout, Menu, Result, Typography, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/** The operator console's frame. Its screens (withdrawals, ledger, content, config) come with issue #10. */
export function ConsoleShell() {
  return (
    <ConfigProvider locale={zhCN} theme={{ algorithm: theme.darkAlgorithm, token: { colorPrimary: '#1fc67a' } }}>
      <AntApp>
        <Layout style={{ minHeight: '100vh' }}>
          <Layout.Sider breakpoint="lg" collapsedWidth={0}>
            <Typography.Title level={4} style={{ color: '#fff', padding: '16px 24px', margin: 0 }}>
              MineCloud
            </Typography.Title>
            <Menu
              theme="dark"
              mode="inline"
              defaultSelectedKeys={['overview']}
              items={[{ key: 'overview', label: '总览 Overview' }]}
            />
          </Layout.Sider>
          <Layout>
            <Layout.Header style={{ color: '#fff' }}>运营控制台 · Operator console</Layout.Header>
            <Layout.Content style={{ padding: 24 }}>
              <Result
                status="info"
                title="控制台建设中 · The console is being built"
                subTitle="运营功能（提现审核、账本、内容、配置）将在后续版本开放。Operator screens (withdrawal review, ledger, content, config) arrive in a later release."
              />
            </Layout.Content>
          </Layout>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}
