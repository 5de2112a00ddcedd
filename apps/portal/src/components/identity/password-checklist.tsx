import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { passwordPolicyViolations, type PasswordPolicy } from '@clearlane/contract/auth';

/** Every rule of the policy, in the contract's words ("at least 8 characters", "a number", …). */
export function policyRules(policy: PasswordPolicy): string[] {
  // An empty password breaks every rule the policy has, so this lists them all.
  return passwordPolicyViolations('', policy);
}

export function passwordMeetsPolicy(password: string, policy: PasswordPolicy): boolean {
  return passwordPolicyViolations(password, policy).length === 0;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A live checklist of the password policy: each rule ticks as the password starts to satisfy it. */
export function PasswordChecklist({ password, policy, id }: { password: string; policy: PasswordPolicy; id?: string }) {
  const broken = new Set(passwordPolicyViolations(password, policy));
  return (
    <div id={id}>
      <Text fz="sm" fw={500} mb={4}>
        Your password needs
      </Text>
      <List spacing={4} size="sm" center>
        {policyRules(policy).map((rule) => {
          const met = !broken.has(rule);
          return (
            <List.Item
              key={rule}
              icon={
                <ThemeIcon size={18} radius="xl" color={met ? 'teal.8' : 'gray'} variant={met ? 'filled' : 'light'} aria-hidden>
                  {met ? <IconCheck size={12} stroke={3} /> : <IconCircleDashed size={12} />}
                </ThemeIcon>
              }
            >
              <Text fz="sm" c={met ? 'teal.9' : 'dimmed'} span>
                {capitalise(rule)}
              </Text>
              <VisuallyHidden>{met ? ' (done)' : ' (not yet)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
