/** The header's company name: switch to another saved connection, or manage them. */

import {
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronDown16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';

const useStyles = makeStyles({
  company: { minWidth: 0, justifyContent: 'flex-start', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  companyName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

export function ProfileSwitcher({ name, onManage }: { name: string; onManage: () => void }): ReactElement {
  const app = useAppActions();
  const connection = useAppState((s) => s.connection);
  const profiles = useAppState((s) => s.profiles);
  const styles = useStyles();
  const t = app.t;
  const activeId = connection.status === 'connected' ? connection.profile.id : undefined;
  if (profiles.length === 0)
    return (
      <Text weight="semibold" size={400} className={styles.companyName}>
        {name}
      </Text>
    );
  return (
    <Menu checkedValues={{ profile: activeId === undefined ? [] : [activeId] }}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={styles.company}
          icon={<ChevronDown16Regular />}
          iconPosition="after"
          aria-label={t('pane.header.switch', { name })}
        >
          <span className={styles.companyName}>{name}</span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {profiles.map((p) => (
            <MenuItemRadio
              key={p.id}
              name="profile"
              value={p.id}
              disabled={app.needsSecret(p.id)}
              onClick={() => p.id !== activeId && void app.connect(p.id)}
            >
              {p.name}
            </MenuItemRadio>
          ))}
          <MenuDivider />
          <MenuItem onClick={onManage}>{t('pane.header.manage')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
